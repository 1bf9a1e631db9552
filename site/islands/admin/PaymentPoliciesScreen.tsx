/**
 * /admin/plazos-de-pago: each tour type's deposit, instalments and balance, and one form at a time in a dialog
 * (docs/decisions/042). Bookings made after a save follow it; those made before keep their schedule.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { TRIP_TYPE_PILL_LABELS } from '#shared/constants.ts';
import { describePolicy } from '#shared/rules/payment-schedule.ts';
import {
  $paymentPolicies,
  closeEditor,
  editPolicy,
  openPaymentPolicies,
  reloadEditor,
  savePolicy,
  setPolicyForm,
} from '../../stores/admin-payment-policies.ts';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { PolicyFields } from './PolicyFields.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import { guarded } from '../SessionGuard.tsx';
import './admin.css';

export default guarded('admin', PaymentPolicies);

function PaymentPolicies() {
  const { status, policies, editor, message, done } = useStore($paymentPolicies);
  useEffect(() => void openPaymentPolicies(), []);
  if (status === 'loading') return <p role="status">Cargando los plazos de pago…</p>;
  return (
    <>
      <p>Lo que pide cada tipo de viaje al reservar y antes de la salida. Un tour o una salida pueden tener los suyos en el editor del tour.</p>
      <Outcome done={done} message={message} />
      <ul className="admin-plain-list">
        {policies.map((p) => (
          <li key={p.tourType}>
            <strong>{TRIP_TYPE_PILL_LABELS[p.tourType]}</strong>: {describePolicy(p.policy)}{' '}
            <button type="button" className="admin-button-secondary" onClick={() => editPolicy(p.tourType)}>
              Cambiar
            </button>
          </li>
        ))}
      </ul>
      {editor ? (
        <ConfirmDialog
          title={`Plazos de pago: ${TRIP_TYPE_PILL_LABELS[editor.tourType]}`}
          error={editor.stale ? null : editor.error}
          sending={editor.sending}
          confirm="Guardar"
          back="Cancelar"
          working="Guardando…"
          onConfirm={() => void savePolicy()}
          onClose={closeEditor}
        >
          <PolicyFields form={editor.form} fields={editor.fields} onChange={setPolicyForm} />
          {editor.stale ? (
            <p role="alert" className="admin-alert">
              {editor.error}{' '}
              <button type="button" className="admin-button-secondary" onClick={() => void reloadEditor()}>
                Cargar sus cambios
              </button>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
