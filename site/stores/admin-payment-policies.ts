/**
 * /admin/plazos-de-pago: the deposit, instalments and balance each tour type asks (docs/decisions/042). One
 * type's form open at a time, checked with the policy's own schema before sending, saved as one press from
 * the version it was read at; a colleague's save meanwhile is refused and the form can be read again.
 */
import { map } from 'nanostores';
import type { TourType } from '#shared/enums.ts';
import { policyFromForm } from '#shared/schemas/payment-policies.ts';
import { PAYMENT_POLICY_MESSAGES, type PaymentPolicyForm, policyForm } from '#shared/schemas/tour-editor-texts.ts';
import type { PaymentPolicy } from '#shared/rules/payment-schedule.ts';
import { api, callApi } from '../lib/api-client.ts';
import { newPress, type Press, sendPress } from '../staff-kit/press.ts';

export interface TypePolicy {
  tourType: TourType;
  policy: PaymentPolicy;
  version: number;
}

export interface PolicyEditor extends Press {
  tourType: TourType;
  version: number;
  form: PaymentPolicyForm;
  /** Another save came first: the form keeps what was typed until it is read again. */
  stale: boolean;
}

export interface PaymentPoliciesState {
  status: 'loading' | 'ready' | 'failed';
  policies: TypePolicy[];
  editor: PolicyEditor | null;
  message: string | null;
  done: string | null;
}

export const $paymentPolicies = map<PaymentPoliciesState>({ status: 'loading', policies: [], editor: null, message: null, done: null });
const patch = (changes: Partial<PaymentPoliciesState>) => $paymentPolicies.set({ ...$paymentPolicies.get(), ...changes });

export async function openPaymentPolicies() {
  patch({ status: 'loading', editor: null, message: null, done: null });
  const result = await callApi(() => api.admin['payment-policies'].$get());
  patch(result.ok ? { status: 'ready', policies: result.data.policies } : { status: 'failed', message: result.message });
}

export function editPolicy(tourType: TourType) {
  const found = $paymentPolicies.get().policies.find((p) => p.tourType === tourType);
  if (found) patch({ editor: { ...newPress(), tourType, version: found.version, form: policyForm(found.policy), stale: false }, done: null });
}

export const closeEditor = () => patch({ editor: null });

/** Changes the open form; typing again clears that field's refusal. */
export function setPolicyForm(change: (form: PaymentPolicyForm) => PaymentPolicyForm, field?: string) {
  const { editor } = $paymentPolicies.get();
  if (!editor) return;
  const fields = { ...editor.fields };
  if (field) delete fields[field];
  patch({ editor: { ...editor, form: change(editor.form), fields } });
}

/** 'Guardar': refused at its fields before sending; applied once however often pressed. */
export async function savePolicy(): Promise<boolean> {
  const { editor } = $paymentPolicies.get();
  if (!editor) return false;
  const checked = policyFromForm(editor.form);
  if (!checked.policy) {
    patch({ editor: { ...editor, fields: checked.errors, error: 'Revisa los campos marcados.' } });
    return false;
  }
  const { policy } = checked;
  const sent = await sendPress(
    () => $paymentPolicies.get().editor,
    (next) => patch({ editor: next }),
    (requestId, press) =>
      callApi(() =>
        api.admin['payment-policies'][':tourType'].$put({
          param: { tourType: press.tourType },
          json: { policy: { ...policy, instalments: [...policy.instalments] }, version: press.version, requestId },
        }),
      ),
  );
  if (!sent) return false;
  if (!sent.ok) {
    if (sent.status === 409) patch({ editor: { ...($paymentPolicies.get().editor ?? editor), stale: true } });
    return false;
  }
  patch({ policies: sent.data.policies, editor: null, done: PAYMENT_POLICY_MESSAGES.typeSaved });
  return true;
}

/** After a colleague's save: the policies read again, and the form from theirs. */
export async function reloadEditor() {
  const { editor } = $paymentPolicies.get();
  await openPaymentPolicies();
  if (editor) editPolicy(editor.tourType);
}
