/**
 * What to pay and how: the amount due now (with the server's reason) or everything still owed, points for
 * signed-in travellers with a balance, and the method (card, Bizum, bank transfer). The choice lives in
 * `$paymentChoice`, kept across a reload.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { computePointsValueCents, POINTS_PER_EURO_DISCOUNT } from '#shared/rules/points.ts';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import { $paymentChoice, chosenAmountCents, clampPoints, maxRedeemablePoints, pointsDiscountCents, setPaymentChoice } from '../../stores/payment.ts';
import { METHOD_HINTS, METHOD_LABELS } from './payment-labels.ts';

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });
const points = (n: number) => `${count.format(n)} ${n === 1 ? 'punto' : 'puntos'}`;

export default function PaymentChoice({ options, errors }: { options: PaymentOptionsAnswer; errors: Record<string, string> }) {
  const choice = useStore($paymentChoice);
  const discount = pointsDiscountCents(options, choice);
  const payable = Math.max(0, chosenAmountCents(options, choice.amount) - discount);
  const twoAmounts = options.dueNowCents < options.remainingCents;

  return (
    <>
      <fieldset aria-describedby={errors['amount'] ? 'pago-importe-error' : undefined}>
        <legend className="funnel__legend">¿Cuánto quieres pagar ahora?</legend>
        {twoAmounts ? (
          <>
            <label className="funnel__choice">
              <input type="radio" name="amount" value="due" checked={choice.amount === 'due'} onChange={() => setPaymentChoice({ amount: 'due' })} />
              <span className="funnel__choice-body">
                <strong>{options.paidCents === 0 ? 'Lo necesario para reservar' : 'Lo que toca pagar ahora'}</strong>
                <span className="funnel__hint">{options.dueNowExplanation}</span>
                <span className="funnel__hint" data-testid="payment-plan">
                  {options.paymentPlan}.
                </span>
              </span>
              <span className="funnel__price">{formatEuros(options.dueNowCents)}</span>
            </label>
            <label className="funnel__choice">
              <input type="radio" name="amount" value="full" checked={choice.amount === 'full'} onChange={() => setPaymentChoice({ amount: 'full' })} />
              <span className="funnel__choice-body">
                <strong>Todo el importe pendiente</strong>
                <span className="funnel__hint">Pagas ya el viaje completo y te olvidas de los plazos.</span>
              </span>
              <span className="funnel__price">{formatEuros(options.remainingCents)}</span>
            </label>
          </>
        ) : (
          <p className="funnel-pay__single">
            <span>
              Importe pendiente
              <span className="funnel__hint"> · {options.dueNowExplanation}</span>
            </span>
            <strong className="funnel__price">{formatEuros(options.remainingCents)}</strong>
          </p>
        )}
        {errors['amount'] && (
          <p id="pago-importe-error" className="funnel__field-error">
            {errors['amount']}
          </p>
        )}
      </fieldset>

      {options.points && <PointsField options={options} error={errors['points']} />}

      <fieldset aria-describedby={errors['method'] ? 'pago-forma-error' : undefined}>
        <legend className="funnel__legend">Forma de pago</legend>
        {options.methods.map((method) => (
          <label key={method} className="funnel__choice">
            <input type="radio" name="method" value={method} checked={choice.method === method} onChange={() => setPaymentChoice({ method })} />
            <span className="funnel__choice-body">
              <strong>{METHOD_LABELS[method]}</strong>
              <span className="funnel__hint">{METHOD_HINTS[method]}</span>
            </span>
          </label>
        ))}
        {errors['method'] && (
          <p id="pago-forma-error" className="funnel__field-error">
            {errors['method']}
          </p>
        )}
      </fieldset>

      <p className="funnel-pay__due" data-testid="amount-to-pay">
        <span>
          A pagar ahora
          {discount > 0 && <span className="funnel__hint funnel-pay__discount">Descuento por puntos: -{formatEuros(discount)}</span>}
        </span>
        <strong>{formatEuros(payable)}</strong>
      </p>
      {discount > 0 && payable === 0 && <p className="funnel__notice">Tus puntos cubren todo este pago: no tendrás que pagar nada más ahora.</p>}
    </>
  );
}

/** Points to redeem: typed freely, made whole euros' worth and capped when the field is left. */
function PointsField({ options, error }: { options: PaymentOptionsAnswer; error: string | undefined }) {
  const { points: chosen, amount } = useStore($paymentChoice);
  const [typed, setTyped] = useState(String(chosen));
  useEffect(() => setTyped(String(chosen)), [chosen]);
  const balance = options.points?.balance ?? 0;
  const max = maxRedeemablePoints(options, amount);
  const commit = (value: string) => {
    const points = clampPoints(Number(value.replace(/\D/g, '')), options, amount);
    setPaymentChoice({ points });
    setTyped(String(points));
  };

  return (
    <fieldset>
      <legend className="funnel__legend">Tus puntos</legend>
      <p className="funnel__hint" id="pago-puntos-saldo">
        Tienes {points(balance)} ({formatEuros(computePointsValueCents(balance))}).{' '}
        {max > 0
          ? `En este pago puedes usar hasta ${points(max)} (${formatEuros(computePointsValueCents(max))}); cada ${points(POINTS_PER_EURO_DISCOUNT)} son 1 €.`
          : `Necesitas al menos ${points(POINTS_PER_EURO_DISCOUNT)} para un descuento.`}
      </p>
      {max > 0 && (
        <div className="funnel__field">
          <label htmlFor="pago-puntos">Puntos que quieres usar</label>
          <div className="funnel-coupon__row">
            <input
              id="pago-puntos"
              name="points"
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={POINTS_PER_EURO_DISCOUNT}
              value={typed}
              aria-describedby={`pago-puntos-saldo${error ? ' pago-puntos-error' : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setTyped(event.currentTarget.value)}
              onBlur={(event) => commit(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commit(event.currentTarget.value);
                }
              }}
            />
            <button type="button" className="button button--secondary" onClick={() => commit(String(max))}>
              Usar el máximo
            </button>
          </div>
          {error && (
            <p id="pago-puntos-error" className="funnel__field-error">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
