/**
 * The information pages (/somos-different, /programa-de-puntos, /contacto, the legal texts…): one per Markdown
 * file under `site/content/info/`, named by its path, with a short front matter for the title and SEO texts.
 * Staff edit a page's text in place (issue 33): its saved landing text then replaces the file's. `{{token}}`
 * markers in either are filled from the company details and the shared rules (shared/info-pages.ts), so a
 * figure on a page is the figure the code applies. An unknown marker fails the build for a file of ours.
 */
import { PAYMENT_DUE_FALLBACK_PERCENT, PRE_BOOKING_AMOUNT_CENTS, PRE_BOOKING_THRESHOLD_DAYS } from '#shared/constants.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { CAMPAIGN_DAYS } from '#shared/campaign.ts';
import { fillInfoText, fillInfoTokens, type InfoTokenValue, readInfoSource, withHeadingIds } from '#shared/info-pages.ts';
import { hasRichTextContent, sanitizeRichText } from '#shared/rich-text.ts';
import { LANDING_BLOCK_NAMES, pickLandingBlock } from '#shared/rules/landings.ts';
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

const sources = import.meta.glob<string>('../content/info/*.md', { query: '?raw', import: 'default', eager: true });

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });
const points = (n: number) => `${count.format(n)} ${n === 1 ? 'punto' : 'puntos'}`;

/** Every token a page may use, with its value for this build. */
function buildTokens(): Record<string, InfoTokenValue> {
  const company = loadCatalogue().company;
  // The worked examples on /programa-de-puntos, computed with the rules themselves.
  const tripPaid = 185_000;
  const earned = computePointsEarned(tripPaid);
  const bigBalance = 30_000;
  const nextBooking = 120_000;
  const capped = computePointsDiscountCents({ balancePoints: bigBalance, capCents: computeMaxPointsDiscountCents(nextBooking) });
  const phone = company?.phone?.replace(/ /g, '\u00a0') ?? '';
  return {
    empresa: company?.name ?? 'Different Roads',
    // No-break spaces keep a phone number on one line.
    telefono: phone,
    enlace_telefono: company?.phone ? { text: phone, href: `tel:${company.phone.replace(/\s+/g, '')}` } : '',
    email: company?.email ?? '',
    enlace_email: company?.email ? { text: company.email, href: `mailto:${company.email}` } : '',
    horario: company?.schedules ?? '',
    razon_social: legal.legalName,
    nif: legal.taxId,
    domicilio: legal.address,
    registro: legal.registry,
    licencia: legal.agencyLicence,
    garantia: legal.insolvencyGuarantee,
    email_privacidad: legal.privacyEmail,
    enlace_email_privacidad: { text: legal.privacyEmail, href: `mailto:${legal.privacyEmail}` },
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
    dias_campana: `${CAMPAIGN_DAYS} días`,
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

/**
 * All information pages, rendered once per snapshot: each shows the company's phone and name, and the text
 * staff saved for it, if any (its landing's main content; its title block renames the page).
 */
export const listInfoPages = perCatalogue((): InfoPage[] => {
  const tokens = buildTokens();
  const { landings } = loadCatalogue();
  return Object.entries(sources).map(([file, source]) => {
    const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
    const { meta, html } = readInfoSource(source, file);
    const contents = landings.find((l) => l.slug === slug)?.contents ?? [];
    const saved = pickLandingBlock(contents, 'ENRICHED_TEXT', LANDING_BLOCK_NAMES.mainContent);
    const edited = saved && hasRichTextContent(saved.value1) ? saved : null;
    const title = pickLandingBlock(contents, 'TITLE', LANDING_BLOCK_NAMES.title)?.value1?.trim();
    return {
      slug,
      title: title || fillInfoText(meta.title ?? '', tokens, file),
      description: fillInfoText(meta.description ?? '', tokens, file),
      keywords: meta.keywords ?? null,
      updated: edited?.updatedAt?.slice(0, 10) ?? meta.updated ?? null,
      form: meta.form === 'contacto' ? 'contacto' : null,
      html: edited
        ? fillInfoTokens(withHeadingIds(sanitizeRichText(edited.value1)), tokens, { file, strict: false })
        : fillInfoTokens(html, tokens, { file, strict: true }),
    };
  });
});
