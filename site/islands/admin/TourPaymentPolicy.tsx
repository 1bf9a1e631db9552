/**
 * The tour's payment schedule in its editor (docs/decisions/042): the one its bookings follow (its own or its
 * type's), the departures that have one of their own, and the dialog that gives the tour or a departure its
 * own schedule or sends it back to the next level's. Bookings already made keep their deadlines.
 */
import { useStore } from '@nanostores/react';
import { describePolicy } from '#shared/rules/payment-schedule.ts';
import { TRIP_TYPE_PILL_LABELS } from '#shared/constants.ts';
import { $tourEditor, closeDialog, inheritedPolicy, openPolicy, setOwnPolicy, setPolicyFields, submitPolicy } from '../../stores/admin-tour-editor.ts';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { PolicyFields } from './PolicyFields.tsx';

function PolicyDialog() {
  const { dialog, view } = useStore($tourEditor);
  if (dialog?.kind !== 'policy' || !view) return null;
  const { period } = dialog;
  const next = period ? (view.tour.paymentPolicy.own ? 'Los del tour' : 'Los del tour (los de su tipo de viaje)') : 'Los de su tipo de viaje';
  return (
    <ConfirmDialog
      title={period ? `Plazos de pago de la salida del ${shortDay(period.dayOne)}` : 'Plazos de pago del tour'}
      error={dialog.error}
      sending={dialog.sending}
      confirm="Guardar plazos"
      working="Guardando…"
      onConfirm={() => void submitPolicy()}
      onClose={closeDialog}
    >
      <p>Las reservas nuevas siguen estos plazos; las ya hechas conservan los suyos.</p>
      <fieldset>
        <legend>Plazos que sigue {period ? 'la salida' : 'el tour'}</legend>
        <label>
          <input type="radio" name="plazos-propios" checked={!dialog.own} onChange={() => setOwnPolicy(false)} /> {next}:{' '}
          {describePolicy(inheritedPolicy(view, period))}
        </label>
        <br />
        <label>
          <input type="radio" name="plazos-propios" checked={dialog.own} onChange={() => setOwnPolicy(true)} /> Unos propios
        </label>
      </fieldset>
      {dialog.own ? <PolicyFields form={dialog.form} fields={dialog.errors} onChange={setPolicyFields} /> : null}
    </ConfirmDialog>
  );
}

export function TourPaymentPolicy() {
  const { view } = useStore($tourEditor);
  if (!view) return null;
  const { own, type } = view.tour.paymentPolicy;
  const periods = view.periods.filter((p) => p.paymentPolicy);
  return (
    <section aria-labelledby="tour-policy-title" className="tour-editor__periods">
      <div className="admin-toolbar">
        <h2 id="tour-policy-title" className="admin-section-title">
          Plazos de pago
        </h2>
        <button type="button" className="admin-button-secondary" onClick={() => openPolicy(null)}>
          Cambiar los plazos del tour
        </button>
      </div>
      <p>
        {own ? 'Propios del tour' : `Los de su tipo de viaje (${TRIP_TYPE_PILL_LABELS[view.tour.tourType]})`}: {describePolicy(own ?? type)}
      </p>
      {periods.length ? (
        <ul className="admin-plain-list">
          {periods.map((p) => (
            <li key={p.id}>
              Salida del {shortDay(p.dayOne)}, plazos propios: {p.paymentPolicy ? describePolicy(p.paymentPolicy) : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <p>Cada salida puede tener los suyos: «Plazos» en su fila.</p>
      <PolicyDialog />
    </section>
  );
}
