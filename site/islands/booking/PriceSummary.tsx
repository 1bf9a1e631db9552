/**
 * The price as the server quoted it, line by line (the spec's lines: base price, period supplement,
 * flights, reservation mode, activities, insurance, discounts) and the total. Never computed here: the
 * funnel shows what the API answered for the same choices.
 */
import { formatEuros } from '#shared/rules/money.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';

export default function PriceSummary({
  quote,
  travellerCount,
  extra,
  busy = false,
}: {
  quote: QuoteView | null;
  travellerCount: number;
  extra?: React.ReactNode;
  busy?: boolean;
}) {
  return (
    <aside className="funnel-summary" aria-label="Resumen del precio" aria-busy={busy}>
      <h2>Tu viaje</h2>
      <p className="funnel__hint">
        {travellerCount} {travellerCount === 1 ? 'viajero' : 'viajeros'}
      </p>
      {quote === null ? (
        <p role="status">Calculando el precio…</p>
      ) : (
        <dl>
          {quote.lines.map((line) => (
            <div key={line.label} style={{ display: 'contents' }}>
              <dt>{line.label}</dt>
              <dd className={line.amountCents < 0 ? 'funnel-summary__discount' : undefined}>{formatEuros(line.amountCents)}</dd>
            </div>
          ))}
          <dt className="funnel-summary__total">Total</dt>
          <dd className="funnel-summary__total" data-testid="quote-total">
            {formatEuros(quote.totalCents)}
          </dd>
        </dl>
      )}
      {extra}
    </aside>
  );
}
