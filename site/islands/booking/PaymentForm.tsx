/**
 * The payment form of the pay step and of the pay link: amount, points and method, the pre-contractual
 * information, the two consents and 'Pagar'. Then, by method: card and Bizum post the terminal's three
 * fields to it (the Redsys redirect protocol); a transfer shows the account to pay into; points that cover
 * everything go straight to the confirmation. Nothing typed or chosen is lost when the server says no.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent } from 'react';
import type { PaymentOptionsAnswer, StartPaymentAnswer } from '#shared/schemas/payments.ts';
import type { Organiser } from '../../lib/organiser.ts';
import { $consents, $paymentSubmit, returnFromTerminal, setConsent, startPayment } from '../../stores/payment.ts';
import MendLink from './MendLink.tsx';
import PaymentChoice from './PaymentChoice.tsx';
import { confirmationPagePath } from './payment-paths.ts';
import PreContractualInfo from './PreContractualInfo.tsx';
import TransferInstructions from './TransferInstructions.tsx';

/** Fields in the order they appear, to move focus to the first one the server or the schema refused. */
const FIELD_INPUTS: Record<string, string> = {
  amount: 'input[name="amount"]',
  points: '#pago-puntos',
  method: 'input[name="method"]',
  acceptTerms: '#pago-condiciones',
  acceptPrivacy: '#pago-privacidad',
};

export default function PaymentForm({ options, organiser }: { options: PaymentOptionsAnswer; organiser: Organiser }) {
  const consents = useStore($consents);
  const submit = useStore($paymentSubmit);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const errors = submit.status === 'failed' ? submit.fields : {};
  // Back from the terminal, the browser may show this page from its cache, still on its way out.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) returnFromTerminal();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = await startPayment();
    if (next.status === 'points') location.assign(next.answer.confirmationPath);
    if (next.status !== 'failed') return;
    const first = Object.keys(FIELD_INPUTS).find((field) => next.fields[field]);
    const target = first ? form.current?.querySelector<HTMLElement>(FIELD_INPUTS[first]!) : null;
    (target ?? alert.current)?.focus();
  };

  if (submit.status === 'redirect') return <TerminalRedirect answer={submit.answer} />;
  if (submit.status === 'transfer') return <TransferStarted answer={submit.answer} />;

  const sending = submit.status === 'sending' || submit.status === 'points';
  return (
    <form ref={form} className="funnel__panel funnel-pay" noValidate onSubmit={onSubmit} aria-labelledby="pago-titulo">
      <h2 id="pago-titulo">Pago</h2>
      <PaymentChoice options={options} errors={errors} />

      <PreContractualInfo options={options} organiser={organiser} />

      <div className="funnel-pay__consents">
        <Consent id="pago-condiciones" checked={consents.acceptTerms} error={errors['acceptTerms']} onChange={(value) => setConsent('acceptTerms', value)}>
          He leído y acepto las <a href="/terminos-reservas">condiciones de la reserva</a> y la{' '}
          {/* biome-ignore lint/a11y/useValidAnchor: a real link to the section (it works without the island); the click also unfolds it. */}
          <a href="#informacion-precontractual" onClick={openPreContractualInfo}>
            información precontractual del viaje combinado
          </a>
          .
        </Consent>
        <Consent id="pago-privacidad" checked={consents.acceptPrivacy} error={errors['acceptPrivacy']} onChange={(value) => setConsent('acceptPrivacy', value)}>
          He leído y acepto la <a href="/politica-privacidad">política de privacidad</a>.
        </Consent>
      </div>

      <div ref={alert} tabIndex={-1} role="alert" className="funnel-pay__alert">
        {submit.status === 'failed' && (
          <p className="funnel__error">
            {submit.message}
            {submit.mend && (
              <>
                {' '}
                <MendLink mend={submit.mend} slug={options.tour.slug} bookingId={options.bookingId} />
              </>
            )}
          </p>
        )}
      </div>

      <div className="funnel__actions">
        <button type="submit" className="button funnel-pay__submit" disabled={sending}>
          {sending ? 'Preparando el pago…' : 'Pagar'}
        </button>
        <p className="funnel__hint">Pago seguro. No guardamos los datos de tu tarjeta.</p>
      </div>
    </form>
  );
}

/** The consent's link to the information opens it as well as scrolling to it. */
function openPreContractualInfo() {
  const details = document.getElementById('informacion-precontractual');
  if (details instanceof HTMLDetailsElement) details.open = true;
}

function Consent({
  id,
  checked,
  error,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (value: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="funnel__field">
      <div className="funnel__check">
        <input
          id={id}
          type="checkbox"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="funnel__field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Card and Bizum: the browser posts the terminal's signed fields to the terminal itself, which asks for the
 * card and sends the visitor back to the confirmation. Sent at once; the button is there if that is blocked.
 */
function TerminalRedirect({ answer }: { answer: Extract<StartPaymentAnswer, { method: 'card' | 'bizum' }> }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.submit(), []);
  const { fields } = answer.redirect;
  return (
    <form ref={form} method="post" action={answer.redirect.url} className="funnel__panel funnel-text" aria-labelledby="pago-pasarela">
      <h2 id="pago-pasarela">Te llevamos a la pasarela de pago segura…</h2>
      <p role="status">Espera un momento. Si no pasa nada, pulsa el botón.</p>
      <input type="hidden" name="Ds_SignatureVersion" value={fields.Ds_SignatureVersion} />
      <input type="hidden" name="Ds_MerchantParameters" value={fields.Ds_MerchantParameters} />
      <input type="hidden" name="Ds_Signature" value={fields.Ds_Signature} />
      <div className="funnel__actions">
        <button type="submit" className="button">
          Ir a la pasarela de pago
        </button>
      </div>
    </form>
  );
}

/** Transfer chosen: the account to pay into, and where to find it again. */
function TransferStarted({ answer }: { answer: Extract<StartPaymentAnswer, { method: 'transfer' }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="funnel__panel funnel-text" aria-labelledby="pago-transferencia">
      <h2 id="pago-transferencia" ref={heading} tabIndex={-1}>
        Paga por transferencia bancaria
      </h2>
      <TransferInstructions transfer={answer.transfer} amountCents={answer.amountCents} />
      <p>
        Guarda estos datos: también los tienes en <a href={confirmationPagePath(answer.paymentId)}>la página de tu pago</a>.
      </p>
    </section>
  );
}
