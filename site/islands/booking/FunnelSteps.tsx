/**
 * Where the visitor is in the funnel: "Paso N de 5" and the list of steps. Steps already reached are
 * links (a booking id is known); the current one is marked for assistive technology.
 */
import { FUNNEL_STEPS, type FunnelStepKey, stepPath } from '#shared/funnel-steps.ts';

export default function FunnelSteps({ current, slug, bookingId }: { current: FunnelStepKey; slug: string; bookingId: string | null }) {
  const index = FUNNEL_STEPS.findIndex((s) => s.key === current);
  return (
    <nav className="funnel-steps" aria-label="Pasos de la reserva">
      <p className="funnel-steps__count">
        Paso {index + 1} de {FUNNEL_STEPS.length}: <strong>{FUNNEL_STEPS[index]!.label}</strong>
      </p>
      <ol className="funnel-steps__list">
        {FUNNEL_STEPS.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          const reachable = state === 'done' && bookingId !== null;
          return (
            <li key={step.key} className={`funnel-steps__item funnel-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="funnel-steps__dot" aria-hidden="true">
                {i + 1}
              </span>
              {reachable ? <a href={stepPath(step.key, slug, bookingId)}>{step.label}</a> : <span>{step.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
