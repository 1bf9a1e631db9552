/**
 * A payment policy as the office sets it and the database keeps it (JSON in `payment_policies`, and on a tour
 * or departure that has its own): checked with these messages wherever it is read or written
 * (docs/decisions/042).
 */
import { z } from 'zod';
import { issuesToFields } from './errors.ts';
import type { PaymentPolicy } from '../rules/payment-schedule.ts';
import { formDays, formNumber, PAYMENT_POLICY_MESSAGES, type PaymentPolicyForm } from './tour-editor-texts.ts';

const Percent = z.number({ error: PAYMENT_POLICY_MESSAGES.percent }).min(0, PAYMENT_POLICY_MESSAGES.percent).max(100, PAYMENT_POLICY_MESSAGES.percent);
const Days = z
  .number({ error: PAYMENT_POLICY_MESSAGES.days })
  .int(PAYMENT_POLICY_MESSAGES.days)
  .min(0, PAYMENT_POLICY_MESSAGES.days)
  .max(365, PAYMENT_POLICY_MESSAGES.days);

export const PaymentPolicySchema = z
  .strictObject({
    deposit: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('percent'), percent: Percent }),
      z.strictObject({
        kind: z.literal('perTraveller'),
        amountCents: z
          .number({ error: PAYMENT_POLICY_MESSAGES.amount })
          .int()
          .min(0, PAYMENT_POLICY_MESSAGES.amount)
          .max(10_000_000, PAYMENT_POLICY_MESSAGES.amount),
      }),
    ]),
    instalments: z.array(z.strictObject({ percent: Percent, daysBefore: Days })).max(6),
    balanceDaysBefore: Days,
  })
  .superRefine((policy, ctx) => {
    const shares = policy.instalments.reduce((sum, i) => sum + i.percent, policy.deposit.kind === 'percent' ? policy.deposit.percent : 0);
    if (shares > 100) ctx.addIssue({ code: 'custom', path: ['instalments'], message: PAYMENT_POLICY_MESSAGES.total });
    if (policy.instalments.some((i) => i.daysBefore <= policy.balanceDaysBefore))
      ctx.addIssue({ code: 'custom', path: ['instalments'], message: PAYMENT_POLICY_MESSAGES.order });
  }) satisfies z.ZodType<PaymentPolicy>;

/** A stored policy, or null when the text is none or not a policy (the next level's then applies). */
export function readPaymentPolicy(text: string | null): PaymentPolicy | null {
  if (!text) return null;
  try {
    const parsed = PaymentPolicySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const RequestId = z.string().trim().min(8).max(100);

/** PUT /api/admin/payment-policies/{tourType}: a type's policy, from the version it was read at. */
export const TypePolicySaveSchema = z.strictObject({ policy: PaymentPolicySchema, version: z.number().int().min(0), requestId: RequestId });

/** PUT …/payment-policy on a tour or a departure: its own policy, or null for the next level's. */
export const OwnPolicySaveSchema = z.strictObject({ policy: PaymentPolicySchema.nullable(), requestId: RequestId });

/**
 * The policy a form says, checked with the policy's own schema: the policy, or each refusal at its field
 * (`depositValue`, `balanceDaysBefore`, `instalments`, `instalments.0.percent`…).
 */
export function policyFromForm(form: PaymentPolicyForm): { policy: PaymentPolicy; errors: null } | { policy: null; errors: Record<string, string> } {
  const value = formNumber(form.depositValue);
  const candidate = {
    deposit: form.depositKind === 'percent' ? { kind: 'percent', percent: value } : { kind: 'perTraveller', amountCents: Math.round(value * 100) },
    instalments: form.instalments.map((i) => ({ percent: formNumber(i.percent), daysBefore: formDays(i.daysBefore) })),
    balanceDaysBefore: formDays(form.balanceDaysBefore),
  };
  const checked = PaymentPolicySchema.safeParse(candidate);
  if (checked.success) return { policy: checked.data, errors: null };
  // The deposit's value is one field of the form, whichever its kind.
  const errors = Object.fromEntries(
    Object.entries(issuesToFields(checked.error.issues)).map(([path, message]) => [path.startsWith('deposit') ? 'depositValue' : path, message]),
  );
  return { policy: null, errors };
}
