/**
 * How to pay by bank transfer: account, beneficiary, bank, the reference to write and the amount; the booking
 * waits until the money arrives. Shown by the pay step when the transfer is chosen and by the confirmation.
 */
import { formatEuros } from '#shared/rules/money.ts';

export interface TransferDetails {
  iban: string;
  beneficiary: string;
  bank: string;
  reference: string;
}

/** 'ES7921000813610123456789' → 'ES79 2100 0813 6101 2345 6789', easier to copy by hand. */
const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export default function TransferInstructions({ transfer, amountCents }: { transfer: TransferDetails; amountCents: number }) {
  return (
    <div className="funnel-transfer" data-testid="transfer-instructions">
      <dl className="funnel-transfer__facts">
        <dt>Importe</dt>
        <dd>
          <strong>{formatEuros(amountCents)}</strong>
        </dd>
        <dt>IBAN</dt>
        <dd className="funnel-transfer__code" translate="no">
          {groupIban(transfer.iban)}
        </dd>
        <dt>Beneficiario</dt>
        <dd>{transfer.beneficiary}</dd>
        <dt>Banco</dt>
        <dd>{transfer.bank}</dd>
        <dt>Concepto</dt>
        <dd className="funnel-transfer__code" translate="no">
          {transfer.reference}
        </dd>
      </dl>
      <p>
        Escribe el concepto tal cual para que identifiquemos tu pago. Tu reserva queda <strong>pendiente de la transferencia</strong>: en cuanto recibamos el
        importe la confirmamos y te enviamos el bono por correo. Las transferencias suelen tardar de 1 a 2 días laborables.
      </p>
    </div>
  );
}
