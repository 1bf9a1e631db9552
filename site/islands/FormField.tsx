/**
 * One labelled field of the shop's forms (sign-in, profile, passengers): the label, an optional hint
 * above the control and the error under it, tied to the control by `aria-describedby` (`describedBy`
 * gives the ids for the control to carry).
 */
import type { ReactNode } from 'react';

export const describedBy = (id: string, { hint, error }: { hint?: string | undefined; error?: string | undefined }) =>
  [hint ? `${id}-pista` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="sign-in__field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-pista`} className="sign-in__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="sign-in__error">
          {error}
        </p>
      )}
    </div>
  );
}
