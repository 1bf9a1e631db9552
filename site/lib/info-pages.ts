/**
 * The information pages (/somos-different, /programa-de-puntos, /contacto, the legal texts…): Markdown files
 * under `site/content/info/`, one per page, named by their path. A short front matter gives the title and
 * SEO texts; `{{token}}` placeholders in the text are filled from the company details and the shared rules,
 * so a figure on a page is the figure the code applies. An unknown token fails the build.
 */
import { Marked } from 'marked';
import { PAYMENT_DUE_FALLBACK_PERCENT, PRE_BOOKING_AMOUNT_CENTS, PRE_BOOKING_THRESHOLD_DAYS } from '#shared/constants.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { slugify } from '#shared/rules/text.ts';
import {
  computeMaxPointsDiscountCents,
  computePointsDiscountCents,
  computePointsEarned,
  computePointsForDiscount,
  computePointsValueCents,
  POINTS_CREDIT_DAYS_AFTER_RETURN,
  POINTS_MAX_DISCOUNT_PERCENT,
  POINTS_PER_EURO_DISCOUNT,
  POINTS_PER_EURO_PAID,
} from '#shared/rules/points.ts';
import legal from '../content/company-legal.json';
import { loadCatalogue, perCatalogue } from './catalogue.ts';

export interface InfoPage {
  slug: string;
  title: string;
  description: string;
  keywords: string | null;
  /** 'YYYY-MM-DD' of the last change of the text, shown on legal pages. */
  updated: string | null;
  /** An interactive block the page adds after its text ('contacto': the contact form). */
  form: 'contacto' | null;
  html: string;
}

// Our own texts, reviewed in the repository: headings get ids so FAQs and legal sections can be linked to.
const markdown = new Marked({ async: false, gfm: true });

const sources = import.meta.glob<string>('../content/info/*.md', { query: '?raw', import: 'default', eager: true });

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });
const points = (n: number) => `${count.format(n)} ${n === 1 ? 'punto' : 'puntos'}`;

/** Every token a page may use, with its value for this build. */
function buildTokens(): Record<string, string> {
  const company = loadCatalogue().company;
  // The worked examples on /programa-de-puntos, computed with the rules themselves.
  const tripPaid = 185_000;
  const earned = computePointsEarned(tripPaid);
  const bigBalance = 30_000;
  const nextBooking = 120_000;
  const capped = computePointsDiscountCents({ balancePoints: bigBalance, capCents: computeMaxPointsDiscountCents(nextBooking) });
  return {
    empresa: company?.name ?? 'Different Roads',
    // No-break spaces keep a phone number on one line.
    telefono: company?.phone?.replace(/ /g, '\u00a0') ?? '',
    telefono_enlace: company?.phone ? `tel:${company.phone.replace(/\s+/g, '')}` : '',
    email: company?.email ?? '',
    horario: company?.schedules ?? '',
    razon_social: legal.legalName,
    nif: legal.taxId,
    domicilio: legal.address,
    registro: legal.registry,
    licencia: legal.agencyLicence,
    garantia: legal.insolvencyGuarantee,
    email_privacidad: legal.privacyEmail,
    // Booking terms and FAQs quote the pre-booking and payment-due rules.
    dias_prerreserva: String(PRE_BOOKING_THRESHOLD_DAYS),
    importe_prerreserva: formatEuros(PRE_BOOKING_AMOUNT_CENTS),
    porcentaje_pago: `${PAYMENT_DUE_FALLBACK_PERCENT} %`,
    puntos_por_euro: points(POINTS_PER_EURO_PAID),
    puntos_por_euro_descuento: points(POINTS_PER_EURO_DISCOUNT),
    maximo_descuento_puntos: `${POINTS_MAX_DISCOUNT_PERCENT} %`,
    abono_puntos:
      POINTS_CREDIT_DAYS_AFTER_RETURN === 1
        ? 'al día siguiente de la fecha de regreso'
        : `${POINTS_CREDIT_DAYS_AFTER_RETURN} días después de la fecha de regreso`,
    ejemplo_pagado: formatEuros(tripPaid),
    ejemplo_puntos: points(earned),
    ejemplo_valor: formatEuros(computePointsValueCents(earned)),
    ejemplo_saldo: points(bigBalance),
    ejemplo_saldo_valor: formatEuros(computePointsValueCents(bigBalance)),
    ejemplo_reserva: formatEuros(nextBooking),
    ejemplo_tope: formatEuros(computeMaxPointsDiscountCents(nextBooking)),
    ejemplo_descuento: formatEuros(capped),
    ejemplo_gastados: points(computePointsForDiscount(capped)),
    ejemplo_restantes: points(bigBalance - computePointsForDiscount(capped)),
  };
}

function fillTokens(text: string, tokens: Record<string, string>, file: string): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`${file}: unknown token {{${name}}}`);
    return value;
  });
}

/** Front matter: `key: value` lines between `---` fences (all our pages need). */
function splitFrontMatter(source: string, file: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

markdown.use({
  renderer: {
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

/** All information pages, rendered once per snapshot (they show the company's phone and name). */
export const listInfoPages = perCatalogue((): InfoPage[] => {
  const tokens = buildTokens();
  return Object.entries(sources).map(([file, source]) => {
    const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
    const { meta, body } = splitFrontMatter(source, file);
    if (!meta.title || !meta.description) throw new Error(`${file}: title and description are required`);
    return {
      slug,
      title: fillTokens(meta.title, tokens, file),
      description: fillTokens(meta.description, tokens, file),
      keywords: meta.keywords ?? null,
      updated: meta.updated ?? null,
      form: meta.form === 'contacto' ? 'contacto' : null,
      html: markdown.parse(fillTokens(body, tokens, file)) as string,
    };
  });
});
