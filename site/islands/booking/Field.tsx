/** A labelled input with its error tied to it (aria-invalid, aria-describedby), as every funnel form uses. */
import type { InputHTMLAttributes } from 'react';

export default function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="funnel__field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="funnel__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p className="funnel__field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
