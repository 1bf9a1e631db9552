/** A − / number / + control for travellers per age group: large targets, the value announced on change. */
export default function Counter({
  id,
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="funnel-counter" aria-labelledby={`${id}-label`}>
      <div>
        <span id={`${id}-label`} className="funnel__legend">
          {label}
        </span>
        {hint && <p className="funnel__hint">{hint}</p>}
      </div>
      <div className="funnel-counter__controls">
        <button
          type="button"
          className="funnel-counter__button"
          aria-label={`Quitar ${label.toLowerCase()}`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output id={id} aria-live="polite" className="funnel-counter__value">
          {value}
        </output>
        <button
          type="button"
          className="funnel-counter__button"
          aria-label={`Añadir ${label.toLowerCase()}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}
