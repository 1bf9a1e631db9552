/** A filter of a desk's list: a labelled select whose empty choice (`all`, 'Todos' unless named) means no filter. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
  all = 'Todos',
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  all?: string;
}) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
