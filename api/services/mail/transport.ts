/**
 * How a mail leaves the shop: SMTP through nodemailer when `SMTP_URL` is set, otherwise an `.eml` file
 * per mail under `DATA_DIR/mail/` (the development default: open it in any mail program).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { MailAttachment } from './outbox.ts';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailTransport {
  /** Resolves once the server accepted the mail (or the file is written); rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const message = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
  // The outbox id, so a message found in a mailbox or a server log leads back to its row.
  headers: { 'X-Shop-Mail-Id': mail.id },
});

export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'mailDir' | 'mailFrom'>): MailTransport {
  if (config.smtpUrl) {
    // Short timeouts: a stuck server must fail the attempt (and be retried), not hold the worker.
    const smtp = createTransport({ url: config.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    return {
      send: async (mail) => {
        await smtp.sendMail(message(config.mailFrom, mail));
      },
      close: () => smtp.close(),
    };
  }
  const files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await files.sendMail(message(config.mailFrom, mail));
      await mkdir(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(config.mailDir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
