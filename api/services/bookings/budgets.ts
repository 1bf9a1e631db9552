/**
 * 'Guardar presupuesto': an IN_PROGRESS booking gets a name (Booking.budgetName) and the funnel path that
 * continues it (Booking.budgetPath), and its lead receives the BUDGET mail with today's quote and that
 * link. Name and mail are written in one transaction (the outbox), so a saved budget is always mailed.
 */
import { isValidEmail } from '#shared/rules/validation.ts';
import { stepPath } from '#shared/funnel-steps.ts';
import { BUDGET_LINK_PARAM } from '#shared/schemas/bookings.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { signBudgetLinkToken } from './funnel-access.ts';
import { loadPeriodOffer, periodNotFound, quoteOffer } from './quote.ts';
import { type Booking, bookingLocked } from './records.ts';

/** Where a saved budget continues: the customise step of its booking. */
export const budgetPathOf = (tourSlug: string, bookingId: string) => stepPath('customise', tourSlug, bookingId);

export const NO_BUDGET_ADDRESS_MESSAGE = 'No tenemos un correo electrónico al que enviar el presupuesto. Revisa los datos de contacto de la reserva.';

/** The lead's name and address: the first traveller's reservation fields, else the booking's traveller. */
async function budgetRecipient(db: Db, row: Booking): Promise<{ to: string; name: string | null }> {
  const lead = row.travellers[0];
  const email = lead?.reservationFields['email'];
  if (email && isValidEmail(email)) return { to: email, name: lead?.reservationFields['name'] ?? null };
  const traveler =
    row.travelerId === null ? undefined : await db.selectFrom('travelers').select(['email', 'name']).where('id', '=', row.travelerId).executeTakeFirst();
  if (traveler?.email) return { to: traveler.email, name: traveler.name };
  throw new AppError('CONFLICT', NO_BUDGET_ADDRESS_MESSAGE);
}

type LinkConfig = Pick<Config, 'publicUrl' | 'authSecret'>;

/**
 * The BUDGET mail of a booking under `budgetName`, priced now: to whom, and what it says. Its link carries a
 * signed token (funnel-access.ts): the lead may open it on another device, where the booking is not theirs yet.
 */
export async function budgetMail(db: Db, { row, budgetName, config, now }: { row: Booking; budgetName: string; config: LinkConfig; now: Date }) {
  const offer = await loadPeriodOffer(db, row.periodId);
  if (!offer) throw periodNotFound();
  const travellers = row.travellers;
  const [coupon, tour, recipient] = await Promise.all([
    row.couponId === null ? undefined : db.selectFrom('coupons').select('code').where('id', '=', row.couponId).executeTakeFirst(),
    db.selectFrom('tours').select('name').where('id', '=', offer.tour.id).executeTakeFirstOrThrow(),
    budgetRecipient(db, row),
  ]);
  const quote = await quoteOffer(db, { offer, choices: { travellers, flightId: row.flightId, couponCode: coupon?.code ?? null, extraIds: row.extraIds }, now });
  const budgetPath = budgetPathOf(offer.tour.webSlug, row.id);
  const token = await signBudgetLinkToken(row.id, config, now);
  return {
    budgetPath,
    mail: {
      type: 'BUDGET' as const,
      to: recipient.to,
      bookingId: row.id,
      now,
      data: {
        ...(recipient.name ? { travelerName: recipient.name } : {}),
        tourName: tour.name,
        budgetName,
        bookingReference: row.differentId,
        dayOne: offer.period.dayOne,
        travellerCount: travellers.length,
        lines: quote.lines,
        amountCents: quote.totalCents,
        link: `${config.publicUrl.replace(/\/+$/, '')}${budgetPath}?${new URLSearchParams({ [BUDGET_LINK_PARAM]: token })}`,
      },
    },
  };
}

/** Saves the booking as a budget and queues its BUDGET mail. */
export async function saveBudget(
  db: Db,
  { row, budgetName, config, now }: { row: Booking; budgetName: string; config: LinkConfig; now: Date },
): Promise<{ budgetName: string }> {
  if (row.status !== 'IN_PROGRESS') throw bookingLocked();
  const { budgetPath, mail } = await budgetMail(db, { row, budgetName, config, now });
  await db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('bookings')
      .set({ budgetName, budgetPath, updatedAt: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'IN_PROGRESS')
      .executeTakeFirst();
    if (saved.numUpdatedRows !== 1n) throw bookingLocked();
    await queueMail(trx, mail);
  });
  return { budgetName };
}
