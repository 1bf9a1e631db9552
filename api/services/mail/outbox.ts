/**
 * The outbox (DESIGN.md, Mail): a mail is rendered and written to `mails` in the same transaction as
 * the change that causes it, so a rolled-back change sends nothing and a committed one always sends.
 * The worker (`worker.ts`) delivers it later, with retries.
 */
import type { Db } from '../../db/database.ts';
import { readOfficeContact } from '../content/company.ts';
import { withOfficeContact } from './layout.ts';
import { type MailDataByTemplate, type MailTemplate, renderTemplate, storedMailType } from './templates.ts';

/** A file to attach (the booking voucher and receipts are PDFs). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface QueuedMail<T extends MailTemplate> {
  type: T;
  to: string;
  bookingId?: string | null;
  data: MailDataByTemplate[T];
  attachments?: MailAttachment[];
  /** When it may be sent; now by default. */
  now?: Date;
}

/**
 * Renders a mail and adds it to the outbox. Pass the transaction of the change that causes the mail.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   await confirmBooking(trx, id);
 *   await queueMail(trx, { type: 'BONO_RESERVA', to: lead.email, bookingId: id, data: { tourName } });
 * });
 */
export async function queueMail<T extends MailTemplate>(trx: Db, mail: QueuedMail<T>): Promise<{ id: string }> {
  const { subject, html, text } = withOfficeContact(renderTemplate(mail.type, mail.data), await readOfficeContact(trx));
  const at = (mail.now ?? new Date()).toISOString();
  const id = crypto.randomUUID();
  await trx
    .insertInto('mails')
    .values({
      id,
      type: storedMailType(mail.type),
      bookingId: mail.bookingId ?? null,
      toAddress: mail.to,
      subject,
      html,
      text,
      attachments: JSON.stringify(mail.attachments ?? []),
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
      sentAt: null,
    })
    .execute();
  return { id };
}
