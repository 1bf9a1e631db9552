/**
 * The row under every funnel step: 'Volver' to the previous step and the way on, as a link to the next
 * step or as the form's submit button. While the step saves (busy) or needs an answer first (blocked),
 * the way on is a disabled button, since a link cannot be disabled.
 */
export default function StepNav({
  back,
  backLabel = 'Volver',
  next,
  nextLabel = 'Continuar',
  busy = false,
  blocked = false,
}: {
  back: string | null;
  backLabel?: string;
  /** The next step's address, or 'submit' for a form that saves before going on. */
  next: string | 'submit';
  nextLabel?: string;
  busy?: boolean;
  blocked?: boolean;
}) {
  return (
    <div className="funnel__actions">
      {back ? (
        <a className="funnel__back" href={back}>
          {backLabel}
        </a>
      ) : (
        <span />
      )}
      {next === 'submit' ? (
        <button type="submit" className="button" disabled={busy || blocked}>
          {busy ? 'Guardando…' : nextLabel}
        </button>
      ) : busy || blocked ? (
        <button type="button" className="button" disabled>
          {nextLabel}
        </button>
      ) : (
        <a className="button" href={next}>
          {nextLabel}
        </a>
      )}
    </div>
  );
}
