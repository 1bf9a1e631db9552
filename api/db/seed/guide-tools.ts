/**
 * The guides' tools (issue 14): for every departure a guide has finished, the guide's report and the
 * expenses paid on it (one approved within the budget, one extra still waiting, in the local currency at a
 * fixed rate), and one urgent-help request of the demo guide with its mail to the office. Ids and values
 * are derived from the departures, not drawn: nothing written before changes.
 */
import { euroCents } from '#shared/schemas/guide-tools.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ACCOUNTS } from './accounts.ts';
import { add, type SeedContext } from './context.ts';
import type { SeededPeriod } from './periods.ts';

/** The currency the guide pays in, and euros per unit of it, by the destination's ISO country code. */
const LOCAL_MONEY: Record<string, [string, number]> = {
  JP: ['JPY', 0.0062],
  JO: ['JOD', 1.3],
  MA: ['MAD', 0.092],
  IS: ['ISK', 0.0066],
  NO: ['NOK', 0.085],
  VN: ['VND', 0.000037],
  EG: ['EGP', 0.019],
};

export function buildGuideTools(ctx: SeedContext, periods: readonly SeededPeriod[]): void {
  const byId = new Map(periods.map((p) => [p.id, p]));
  const guides = ctx.rows.guides ?? [];
  for (const { guideId, periodId } of ctx.rows.guidePeriods ?? []) {
    const period = byId.get(periodId);
    if (!period || period.returnDate >= ctx.today) continue;
    const key = `${guideId}-${periodId}`;
    const written = `${period.returnDate}T18:00:00.000Z`;
    add(ctx, 'guideReports', {
      periodId,
      guideId,
      rateGroup: 5,
      rateAccommodation: 4,
      rateActivities: 5,
      rateTransport: 4,
      comment: 'Grupo puntual y con muy buen ambiente.',
      report: `Salida de «${period.tour.seed.name}» sin incidencias graves. Un traslado se retrasó media hora; el resto, según el programa.`,
      createdAt: written,
      updatedAt: written,
    });
    const [curency, exchangeRate] = LOCAL_MONEY[period.tour.destination.iso2] ?? ['EUR', 1];
    // About 180 € of entrance fees and a 35 € taxi, in whole units of the local currency.
    const local = (euroCentsWanted: number) => Math.max(1, Math.round(euroCentsWanted / exchangeRate / 100)) * 100;
    const budgeted = local(180_00);
    const extra = local(35_00);
    add(ctx, 'guideExpenses', {
      id: `${key}-entradas`,
      guideId,
      periodId,
      kind: 'BUDGETED',
      concept: 'Entradas a los monumentos del programa',
      amount: budgeted,
      curency,
      exchangeRate,
      amountEurCents: euroCents(budgeted, exchangeRate),
      spentOn: period.dayOne,
      receipt: null,
      status: 'APPROVED',
      decisionReason: null,
      decidedAt: written,
      decidedBy: DEMO_ADMIN_EMAIL,
      requestId: `${key}-entradas`,
      createdAt: `${period.dayOne}T12:00:00.000Z`,
    });
    add(ctx, 'guideExpenses', {
      id: `${key}-taxi`,
      guideId,
      periodId,
      kind: 'EXTRA',
      concept: 'Taxi al hospital con un viajero',
      amount: extra,
      curency,
      exchangeRate,
      amountEurCents: euroCents(extra, exchangeRate),
      spentOn: period.returnDate,
      receipt: null,
      status: 'PENDING',
      decisionReason: null,
      decidedAt: null,
      decidedBy: null,
      requestId: `${key}-taxi`,
      createdAt: `${period.returnDate}T12:00:00.000Z`,
    });
  }

  const demoEmail = DEMO_ACCOUNTS.find((a) => a.role === 'guide')?.email;
  const demoGuide = guides.find((g) => g.email === demoEmail);
  const office = ctx.rows.companyInfo?.[0]?.email;
  const asked = (ctx.rows.guidePeriods ?? []).find((row) => row.guideId === demoGuide?.id && (byId.get(row.periodId)?.returnDate ?? '') < ctx.today);
  if (!demoGuide || !office || !asked) return;
  const period = byId.get(asked.periodId) as SeededPeriod;
  const createdAt = `${period.dayOne}T08:30:00.000Z`;
  const message = 'El autobús del traslado al aeropuerto no ha llegado. Necesitamos otro cuanto antes.';
  const mailId = `${demoGuide.id}-${period.id}-ayuda`;
  add(ctx, 'mails', {
    id: mailId,
    type: 'GUIDE_HELP',
    bookingId: null,
    toAddress: office,
    subject: `Ayuda urgente: ${demoGuide.name} · ${period.tour.seed.name}`,
    html: `<p>Hola:</p><p>${demoGuide.name} pide ayuda urgente desde el área de guías:</p><p>${message}</p>`,
    text: `Hola:\n\n${demoGuide.name} pide ayuda urgente desde el área de guías:\n\n${message}`,
    attachments: '[]',
    status: 'SENT',
    attempts: 1,
    nextAttemptAt: createdAt,
    createdAt,
    sentAt: createdAt,
  });
  add(ctx, 'guideHelpRequests', { id: mailId, guideId: demoGuide.id, periodId: period.id, message, toAddress: office, mailId, createdAt });
}
