/**
 * The confirmations of a traveller's page, one modal dialog per action: the personal-data form, the
 * forced password change (with or without the mail), and the erasure with its reason. Messages sit next
 * to their field; the dialog's own message is announced.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { SEX_LABELS } from '#shared/schemas/travelers.ts';
import {
  $travelerDesk,
  closeDialog,
  confirmErase,
  confirmForce,
  saveEdit,
  setEditField,
  setEraseReason,
  setSendMail,
  TRAVELER_FIELDS,
  type TravelerField,
} from '../../stores/admin-traveler.ts';
import { Modal } from '../../staff-kit/Modal.tsx';

export function TravelerDialog() {
  const { dialog } = useStore($travelerDesk);
  if (dialog?.kind === 'edit') return <EditDialog />;
  if (dialog?.kind === 'force') return <ForceDialog />;
  if (dialog?.kind === 'erase') return <EraseDialog />;
  return null;
}

function DialogAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="admin-alert">
      {message}
    </p>
  ) : null;
}

function Buttons({ sending, confirm, sendingLabel, danger = false }: { sending: boolean; confirm: string; sendingLabel: string; danger?: boolean }) {
  return (
    <div className="admin-dialog__actions">
      <button type="button" className="admin-button-secondary" disabled={sending} onClick={closeDialog}>
        Volver
      </button>
      <button type="submit" className={danger ? 'admin-button-danger' : 'button'} disabled={sending}>
        {sending ? sendingLabel : confirm}
      </button>
    </div>
  );
}

const submitWith = (action: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void action();
};

function EditDialog() {
  const { dialog, detail } = useStore($travelerDesk);
  const errors = dialog?.kind === 'edit' ? dialog.errors : {};
  // After a refused save, to the first field to fix.
  const firstWrong = TRAVELER_FIELDS.find((name) => errors[name]);
  useEffect(() => {
    if (firstWrong) document.getElementById(`viajero-${firstWrong}`)?.focus();
  }, [firstWrong]);
  if (dialog?.kind !== 'edit' || !detail) return null;
  const field = (name: TravelerField, label: string, input: ReactNode, hint?: string) => (
    <div className="admin-field">
      <label htmlFor={`viajero-${name}`}>{label}</label>
      {input}
      {hint ? (
        <span className="admin-field__hint" id={`viajero-${name}-pista`}>
          {hint}
        </span>
      ) : null}
      {dialog.errors[name] ? (
        <span className="admin-field__error" id={`viajero-${name}-error`}>
          {dialog.errors[name]}
        </span>
      ) : null}
    </div>
  );
  const common = (name: TravelerField, hint = false) => ({
    id: `viajero-${name}`,
    name,
    value: dialog.form[name],
    'aria-invalid': dialog.errors[name] ? true : undefined,
    'aria-describedby': [hint ? `viajero-${name}-pista` : null, dialog.errors[name] ? `viajero-${name}-error` : null].filter(Boolean).join(' ') || undefined,
    onChange: (e: { target: { value: string } }) => setEditField(name, e.target.value),
  });
  const hasAccount = detail.account !== null;
  return (
    <Modal titleId="viajero-editar" wide busy={dialog.sending} onClose={closeDialog}>
      <form onSubmit={submitWith(saveEdit)} noValidate>
        <h2 id="viajero-editar">Editar los datos de {`${detail.traveler.name} ${detail.traveler.surname}`.trim()}</h2>
        <div className="admin-form-grid">
          {field('name', 'Nombre', <input {...common('name')} autoComplete="off" />)}
          {field('surname', 'Apellidos', <input {...common('surname')} autoComplete="off" />)}
          {field(
            'email',
            'Correo electrónico',
            <input {...common('email', hasAccount)} type="email" autoComplete="off" />,
            hasAccount ? 'Tiene cuenta: es también el correo con el que entra.' : undefined,
          )}
          {field('phone', 'Teléfono', <input {...common('phone')} type="tel" autoComplete="off" />)}
          {field('dni', 'DNI o NIE', <input {...common('dni')} autoComplete="off" />)}
          {field('passportId', 'Pasaporte', <input {...common('passportId')} autoComplete="off" />)}
          {field('birthdate', 'Fecha de nacimiento', <input {...common('birthdate')} type="date" />)}
          {field(
            'sex',
            'Sexo',
            <select {...common('sex')}>
              <option value="">Sin indicar</option>
              {Object.entries(SEX_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field(
            'countryId',
            'País',
            <select {...common('countryId')}>
              <option value="">Sin indicar</option>
              {detail.countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>,
          )}
        </div>
        <DialogAlert message={dialog.error} />
        <Buttons sending={dialog.sending} confirm="Guardar" sendingLabel="Guardando…" />
      </form>
    </Modal>
  );
}

function ForceDialog() {
  const { dialog, detail } = useStore($travelerDesk);
  if (dialog?.kind !== 'force' || !detail?.account) return null;
  return (
    <Modal titleId="viajero-forzar" busy={dialog.sending} onClose={closeDialog}>
      <form onSubmit={submitWith(confirmForce)}>
        <h2 id="viajero-forzar">Forzar cambio de contraseña</h2>
        <p>
          Se cerrarán todas las sesiones de <strong className="admin-wrap">{detail.account.email}</strong>. La próxima vez que entre con su contraseña actual
          tendrá que elegir una nueva antes de continuar.
        </p>
        <label className="admin-check">
          <input type="checkbox" name="sendMail" checked={dialog.sendMail} onChange={(e) => setSendMail(e.target.checked)} />
          <span>Enviarle también un correo con un código y un enlace para elegirla ya</span>
        </label>
        <DialogAlert message={dialog.error} />
        <Buttons sending={dialog.sending} confirm="Confirmar" sendingLabel="Un momento…" />
      </form>
    </Modal>
  );
}

function EraseDialog() {
  const { dialog, detail } = useStore($travelerDesk);
  if (dialog?.kind !== 'erase' || !detail) return null;
  return (
    <Modal titleId="viajero-borrar" wide busy={dialog.sending} onClose={closeDialog}>
      <form onSubmit={submitWith(confirmErase)} noValidate>
        <h2 id="viajero-borrar">Borrar datos personales</h2>
        <p>
          Se anonimizan su ficha, sus datos como pasajero en cada reserva, sus presupuestos y sus opiniones; se borran sus favoritos, sus consultas y sus
          puntos. {detail.account ? 'Su cuenta se desactiva y se cierran sus sesiones. ' : ''}
          Las reservas, los pagos y las facturas se conservan, como exige la ley. <strong>No se puede deshacer.</strong>
        </p>
        <p>Descarga antes sus datos si te los ha pedido también.</p>
        <div className="admin-field">
          <label htmlFor="viajero-motivo">Motivo: quién lo pide, cuándo y por qué vía</label>
          <textarea
            id="viajero-motivo"
            name="reason"
            rows={3}
            value={dialog.reason}
            onChange={(e) => setEraseReason(e.target.value)}
            aria-invalid={dialog.reasonError ? true : undefined}
            aria-describedby={dialog.reasonError ? 'viajero-motivo-error' : undefined}
          />
          {dialog.reasonError ? (
            <span className="admin-field__error" id="viajero-motivo-error">
              {dialog.reasonError}
            </span>
          ) : null}
        </div>
        <DialogAlert message={dialog.error} />
        <Buttons sending={dialog.sending} confirm="Borrar sus datos" sendingLabel="Borrando…" danger />
      </form>
    </Modal>
  );
}
