/**
 * One look for every mail: a short body of paragraphs, an optional code and button, rendered twice,
 * as HTML with inline styles (mail clients ignore style sheets) and as the plain-text part.
 */
import { BRAND_NAME } from '#shared/constants.ts';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface MailBody {
  /** The first line ("Hola, Lucía:"). */
  greeting: string;
  /** Plain text; escaped for the HTML part. */
  paragraphs: string[];
  /** A code to type, shown large. */
  code?: string;
  /** Label and value pairs after the paragraphs (a budget's price lines); `strong` marks a total. */
  rows?: { label: string; value: string; strong?: boolean }[];
  button?: { label: string; url: string };
  /** More links after the button, under a lead-in line (the feedback mail's one link per activity). */
  links?: { intro: string; items: { label: string; url: string }[] };
  /** Small print under the body (why you got this mail, what to do if it was not you). */
  footnote?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Only absolute http(s) links go into an href: data from a caller can never become `javascript:`. */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}

/** The greeting for a name that may be missing. */
export const greet = (name: string | undefined | null) => (name?.trim() ? `Hola, ${name.trim()}:` : 'Hola:');

export function renderMail(subject: string, body: MailBody): MailContent {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f1ec;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b5d4b">${escapeHtml(BRAND_NAME)}</p>`,
    p(body.greeting),
    ...body.paragraphs.map(p),
    body.rows?.length
      ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${body.rows
          .map((row) => {
            const weight = row.strong ? 'font-weight:bold;border-top:1px solid #d9d4cc;' : '';
            return `<tr><td style="padding:6px 0;${weight}">${escapeHtml(row.label)}</td><td style="padding:6px 0;text-align:right;white-space:nowrap;${weight}">${escapeHtml(row.value)}</td></tr>`;
          })
          .join('')}</table>`
      : '',
    body.code ? `<p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center">${escapeHtml(body.code)}</p>` : '',
    body.button
      ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(safeUrl(body.button.url))}" style="display:inline-block;background:#0b5d4b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:4px;font-weight:bold">${escapeHtml(body.button.label)}</a></p>`
      : '',
    body.links?.items.length
      ? `${p(body.links.intro)}<ul style="margin:0 0 16px;padding-left:20px;line-height:1.8">${body.links.items
          .map((link) => `<li><a href="${escapeHtml(safeUrl(link.url))}" style="color:#0b5d4b;font-weight:bold">${escapeHtml(link.label)}</a></li>`)
          .join('')}</ul>`
      : '',
    body.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#52606d;line-height:1.5">${escapeHtml(body.footnote)}</p>` : '',
    '</div></body></html>',
  ].join('\n');
  const text = [
    body.greeting,
    ...body.paragraphs,
    ...(body.rows?.length ? [body.rows.map((row) => `${row.label}: ${row.value}`).join('\n')] : []),
    ...(body.code ? [body.code] : []),
    ...(body.button ? [`${body.button.label}: ${body.button.url}`] : []),
    ...(body.links?.items.length ? [[body.links.intro, ...body.links.items.map((link) => `- ${link.label}: ${link.url}`)].join('\n')] : []),
    ...(body.footnote ? [body.footnote] : []),
    `— ${BRAND_NAME}`,
  ].join('\n\n');
  return { subject, html, text: `${text}\n` };
}

/** How the office is reached, as every mail ends (the company's data staff edit on /admin/empresa). */
export interface OfficeContactLine {
  phone: string | null;
  email: string | null;
  schedules: string | null;
}

const FOOTER_END = '</div></body></html>';

/**
 * A rendered mail with the office's contact under its body: read when the mail is queued, so a phone
 * changed on /admin/empresa is in every mail queued after the change.
 */
export function withOfficeContact(mail: MailContent, office: OfficeContactLine | null): MailContent {
  const parts = [office?.phone, office?.email, office?.schedules].filter((part): part is string => Boolean(part?.trim()));
  if (parts.length === 0 || !mail.html.endsWith(FOOTER_END)) return mail;
  const html = [
    office?.phone ? `<a href="tel:${escapeHtml(office.phone.replace(/\s+/g, ''))}" style="color:#0b5d4b">${escapeHtml(office.phone)}</a>` : null,
    office?.email ? `<a href="mailto:${escapeHtml(office.email)}" style="color:#0b5d4b">${escapeHtml(office.email)}</a>` : null,
    office?.schedules ? escapeHtml(office.schedules) : null,
  ].filter(Boolean);
  const line = `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e4dfd6;font-size:13px;color:#52606d;line-height:1.5">Atención al viajero: ${html.join(' · ')}</p>`;
  return {
    subject: mail.subject,
    html: `${mail.html.slice(0, -FOOTER_END.length)}${line}\n${FOOTER_END}`,
    text: `${mail.text}\nAtención al viajero: ${parts.join(' · ')}\n`,
  };
}
