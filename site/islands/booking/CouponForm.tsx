/**
 * The discount code of a booking still in the funnel: apply one (the server says why when it does not
 * apply, and the typed code stays), or remove the one applied. The price lines follow the server's new quote.
 */
import { useStore } from '@nanostores/react';
import { useRef, type FormEvent } from 'react';
import { BOOKING_LIMITS, type QuoteView } from '#shared/schemas/bookings.ts';
import { $coupon, changeCoupon, setCouponCode } from '../../stores/payment.ts';

export default function CouponForm({ coupon }: { coupon: QuoteView['coupon'] }) {
  const { code, status, error, notice } = useStore($coupon);
  const input = useRef<HTMLInputElement>(null);
  const applied = coupon?.applied ? coupon.code : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await changeCoupon(code))) input.current?.focus();
  };

  return (
    <section className="funnel__panel" aria-labelledby="cupon-titulo">
      <h2 id="cupon-titulo">Código de descuento</h2>
      <div className="funnel-coupon">
        {applied ? (
          <div className="funnel-coupon__applied">
            <p>
              Código aplicado: <strong>{applied}</strong>
            </p>
            <button type="button" className="button button--secondary" disabled={status === 'sending'} onClick={() => void changeCoupon(null)}>
              {status === 'sending' ? 'Quitando…' : 'Quitar código'}
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit}>
            <div className="funnel__field">
              <label htmlFor="cupon-codigo">¿Tienes un código?</label>
              <div className="funnel-coupon__row">
                <input
                  ref={input}
                  id="cupon-codigo"
                  name="couponCode"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={BOOKING_LIMITS.couponCodeMax}
                  value={code}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'cupon-codigo-error' : undefined}
                  onChange={(event) => setCouponCode(event.currentTarget.value)}
                />
                <button type="submit" className="button button--secondary" disabled={status === 'sending'}>
                  {status === 'sending' ? 'Aplicando…' : 'Aplicar'}
                </button>
              </div>
              {error && (
                <p id="cupon-codigo-error" className="funnel__field-error">
                  {error}
                </p>
              )}
            </div>
          </form>
        )}
        <p className="visually-hidden" role="status">
          {notice ?? ''}
        </p>
      </div>
    </section>
  );
}
