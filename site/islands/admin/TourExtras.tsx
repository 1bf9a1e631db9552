/**
 * A tour's extras in its editor (storefront-and-booking.md §9: "plus an extra per traveler or per booking"):
 * what the funnel offers for the whole booking, with how many bookings chose each; added, changed,
 * withdrawn and offered again, each press through one of the editor's dialogs.
 */
import { useStore } from '@nanostores/react';
import { EXTRA_BASES } from '#shared/enums.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { EXTRA_BASIS_LABELS } from '#shared/schemas/labels.ts';
import { $tourEditor, closeDialog } from '../../stores/admin-tour-editor.ts';
import { confirmExtraOffer, openExtra, openExtraOffer, setExtraField, submitExtra } from '../../stores/admin-tour-extras.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { AdminField, ConfirmDialog, TextField } from '../../staff-kit/ConfirmDialog.tsx';

const chosenIn = (n: number) => (n === 0 ? 'Ninguna reserva' : n === 1 ? '1 reserva' : `${n} reservas`);

function ExtraDialogs() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind === 'extraOffer') {
    const { extra, active } = dialog;
    return (
      <ConfirmDialog
        title={active ? `Volver a ofrecer «${extra.name}»` : `Retirar «${extra.name}»`}
        error={dialog.error}
        sending={dialog.sending}
        confirm={active ? 'Volver a ofrecer' : 'Retirar'}
        working="Guardando…"
        danger={!active}
        onConfirm={() => void confirmExtraOffer()}
        onClose={closeDialog}
      >
        <p>
          {active
            ? 'El paso «Personaliza el viaje» lo ofrece de nuevo en todas las reservas de este tour.'
            : 'Deja de ofrecerse en las reservas nuevas. Las reservas que ya lo eligieron lo conservan, con su precio.'}
        </p>
      </ConfirmDialog>
    );
  }
  if (dialog?.kind !== 'extra') return null;
  const { form, errors } = dialog;
  return (
    <ConfirmDialog
      title={dialog.extra ? `Editar el extra «${dialog.extra.name}»` : 'Añadir extra'}
      error={dialog.error}
      sending={dialog.sending}
      confirm={dialog.extra ? 'Guardar extra' : 'Añadir extra'}
      working="Guardando…"
      wide
      onConfirm={() => void submitExtra()}
      onClose={closeDialog}
    >
      <div className="admin-form-grid">
        <TextField label="Nombre" value={form.name} error={errors.name} onChange={(value) => setExtraField('name', value)} />
        <TextField label="Precio (€)" inputMode="decimal" value={form.amount} error={errors.amountCents} onChange={(value) => setExtraField('amount', value)} />
        <AdminField label="Se cobra" error={errors.basis}>
          {(props) => (
            <select {...props} value={form.basis} onChange={(e) => setExtraField('basis', e.target.value)}>
              {EXTRA_BASES.map((b) => (
                <option key={b} value={b}>
                  {EXTRA_BASIS_LABELS[b]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
      </div>
      <AdminField label="Descripción para el viajero (opcional)" error={errors.description}>
        {(props) => <textarea {...props} rows={3} value={form.description} onChange={(e) => setExtraField('description', e.target.value)} />}
      </AdminField>
      {dialog.extra && dialog.extra.bookings > 0 ? (
        <p>Las reservas en curso que lo eligieron pasan a tener el precio nuevo; las ya pagadas conservan el suyo.</p>
      ) : null}
    </ConfirmDialog>
  );
}

export function TourExtras() {
  const { view } = useStore($tourEditor);
  if (!view) return null;
  const { extras } = view;
  return (
    <section aria-labelledby="tour-extras-title" className="tour-editor__periods">
      <div className="admin-toolbar">
        <h2 id="tour-extras-title" className="admin-section-title">
          Extras
        </h2>
        <button type="button" className="admin-button-secondary" onClick={() => openExtra(null)}>
          Añadir extra
        </button>
      </div>
      <p>Se ofrecen en el paso «Personaliza el viaje», para toda la reserva: por viajero o una vez por reserva.</p>
      {extras.length ? (
        <CellTable
          label="Extras del tour"
          head={['Extra', 'Precio', 'Estado', 'Elegido en', 'Acciones']}
          keys={extras.map((e) => e.id)}
          rows={extras.map((e) => [
            e.name,
            `${formatEuros(e.amountCents)} ${EXTRA_BASIS_LABELS[e.basis]}`,
            e.active ? 'Se ofrece' : 'Retirado',
            chosenIn(e.bookings),
            <span key="actions" className="admin-actions">
              <button type="button" className="admin-button-secondary" onClick={() => openExtra(e)} aria-label={`Editar el extra ${e.name}`}>
                Editar
              </button>{' '}
              <button
                type="button"
                className="admin-button-secondary"
                onClick={() => openExtraOffer(e, !e.active)}
                aria-label={`${e.active ? 'Retirar' : 'Volver a ofrecer'} el extra ${e.name}`}
              >
                {e.active ? 'Retirar' : 'Volver a ofrecer'}
              </button>
            </span>,
          ])}
        />
      ) : (
        <p>Este tour no tiene extras.</p>
      )}
      <ExtraDialogs />
    </section>
  );
}
