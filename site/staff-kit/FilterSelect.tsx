/**
 * A filter of a list: a labelled select whose empty choice (`all`, 'Todos' unless named) means no filter,
 * with its error under it when the server refused the choice.
 */
import { FieldError } from './ConfirmDialog.tsx';
export function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
  all = 'Todos',
  error,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  all?: string;
  error?: string | undefined;
}) {
  const errorId = `filtro-${name}-error`;
  return (
    <label className="admin-field">
      <span>{label}</span>
      <select
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </label>
  );
}
