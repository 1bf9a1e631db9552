/**
 * A traveller's right to erasure (GDPR art. 17), as docs/decisions/016-travellers-erasure-and-forced-password-change.md decides: the
 * personal fields go, the records the law makes the shop keep stay. Staff erase from
 * /admin/travelers/{id}; the traveller's own "delete my account" is meant to call the same functions.
 *
 * Anonymised: the traveller's row, their account (disabled, e-mail replaced, no password, sessions and
 * codes gone), their passenger entries on every booking, their budgets' names, the reviews they signed,
 * the personal values in earlier staff records about them. Deleted: favourites, contact questions,
 * waiting-list entries, mails that belong to no booking and mails never sent. Kept: bookings, payments,
 * refunds, invoices and the points ledger (the balance is forfeited with a DEBIT, so the ledger still
 * adds up); the mails of a booking keep their type, subject and dates, not their text.
 */
import type { Db } from '../../db/database.ts';
import { parseTravellers, stringifyTravellers } from '../bookings/records.ts';
import type { Trx } from '../../db/database.ts';
import { accountOf, findTraveler, isEntryOf, linkedBookings } from './linked.ts';
import { forfeitPoints } from '../payments/ledger.ts';

/** What an anonymised person is called wherever a name is required. */
export const ERASED_NAME = 'Anónimo';
/** What replaces an e-mail that cannot be empty: an address that can never receive mail (RFC 2606). */
export const erasedAddress = (id: string) => `borrado-${id}@anonimo.invalid`;
/** A budget's name is the traveller's own words ('Con mamá a Japón'): it goes too. */
const ERASED_BUDGET_NAME = 'Presupuesto';
const REDACTED_MAIL = 'Contenido borrado a petición del viajero.';

/** Booking statuses of a trip that still needs the traveller's data (they travel, or may yet). */
const LIVE_STATUSES = ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'] as const;

/** Why a traveller cannot be erased now: an account of the staff, or a trip not yet come back. */
export type ErasureBlock = { kind: 'staffAccount' } | { kind: 'tripPending'; reference: string };

/**
 * What blocks erasing this traveller now, or null: a trip not yet come back (its passenger data is
 * needed to travel), or an account of the staff. Staff and the traveller are told it in their own words.
 */
export async function erasureBlock(db: Db, travelerId: string, { today }: { today: string }): Promise<ErasureBlock | null> {
  const account = await accountOf(db, travelerId);
  if (account) {
    const staff = await db.selectFrom('userGroups').select('groupName').where('userId', '=', account.id).executeTakeFirst();
    if (staff) return { kind: 'staffAccount' };
  }
  const live = (await linkedBookings(db, travelerId)).find((b) => (LIVE_STATUSES as readonly string[]).includes(b.status) && b.returnDate >= today);
  return live ? { kind: 'tripPending', reference: live.differentId } : null;
}

export interface ErasureSummary {
  account: boolean;
  bookings: number;
  passengerEntries: number;
  budgets: number;
  favourites: number;
  pointsForfeited: number;
  mailsDeleted: number;
  mailsRedacted: number;
  contactQuestions: number;
  waitingListEntries: number;
  reviews: number;
}

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);

/** Keeps which fields a staff record changed, not their values. */
function redactRecord(text: string | null): string | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return JSON.stringify({ borrado: true });
    return JSON.stringify(Object.fromEntries(Object.keys(value).map((key) => [key, '(borrado)'])));
  } catch {
    return JSON.stringify({ borrado: true });
  }
}

/**
 * Erases the traveller's personal data, in the caller's transaction. Check `erasureBlock` first. An
 * already erased traveller is erased again harmlessly (nothing personal is left to find).
 */
export async function eraseTravelerData(trx: Trx, travelerId: string, { now }: { now: Date }): Promise<ErasureSummary> {
  const at = now.toISOString();
  const traveler = await findTraveler(trx, travelerId);
  const account = await accountOf(trx, travelerId);
  const person = { email: traveler.email?.toLowerCase() ?? null, dni: traveler.dni, passportId: traveler.passportId };
  const addresses = [...new Set([person.email, account?.email.toLowerCase() ?? null].filter((a): a is string => a !== null))];
  const summary: ErasureSummary = {
    account: account !== undefined,
    bookings: 0,
    passengerEntries: 0,
    budgets: 0,
    favourites: 0,
    pointsForfeited: 0,
    mailsDeleted: 0,
    mailsRedacted: 0,
    contactQuestions: 0,
    waitingListEntries: 0,
    reviews: 0,
  };

  // Their passenger entries on every booking they hold or travel on; other passengers stay as they are.
  for (const booking of await linkedBookings(trx, travelerId)) {
    const holder = booking.travelerId === travelerId;
    let touched = 0;
    const travellers = parseTravellers(booking.travelersStringify).map((entry) => {
      if (!isEntryOf(entry, person, { holder })) return entry;
      touched++;
      return { ...entry, reservationFields: { name: ERASED_NAME } };
    });
    const budget = holder && booking.budgetName !== null;
    if (touched === 0 && !budget) continue;
    await trx
      .updateTable('bookings')
      .set({ travelersStringify: stringifyTravellers(travellers), ...(budget ? { budgetName: ERASED_BUDGET_NAME } : {}), updatedAt: at })
      .where('id', '=', booking.id)
      .execute();
    summary.bookings++;
    summary.passengerEntries += touched;
    if (budget) summary.budgets++;
  }
  await trx
    .updateTable('bookingTravelers')
    .set({ email: erasedAddress(travelerId), dni: null })
    .where('travelerId', '=', travelerId)
    .execute();

  summary.favourites = count(await trx.deleteFrom('favoriteTours').where('travelerId', '=', travelerId).executeTakeFirst());

  // Points are the person's, not the booking's: the balance goes, with a DEBIT so the ledger still adds up.
  summary.pointsForfeited = await forfeitPoints(trx, { travelerId, now: new Date(at) });

  await trx
    .updateTable('travelers')
    .set((eb) => ({
      name: ERASED_NAME,
      surname: '',
      email: null,
      dni: null,
      passportId: null,
      birthdate: null,
      phone: null,
      sex: null,
      countryId: null,
      cityId: null,
      cognitoId: null,
      erasedAt: traveler.erasedAt ?? at,
      version: eb('version', '+', 1),
      updatedAt: at,
    }))
    .where('id', '=', travelerId)
    .execute();

  if (account) {
    await trx
      .updateTable('users')
      .set({ email: erasedAddress(account.id), passwordHash: null, passwordChangeRequiredAt: null, disabledAt: account.disabledAt ?? at, updatedAt: at })
      .where('id', '=', account.id)
      .execute();
    await trx.updateTable('sessions').set({ revokedAt: at }).where('userId', '=', account.id).where('revokedAt', 'is', null).execute();
    await trx.updateTable('sessions').set({ userAgent: null }).where('userId', '=', account.id).execute();
    await trx.deleteFrom('authTokens').where('userId', '=', account.id).execute();
  }

  if (addresses.length) {
    // Mails that belong to no booking (account codes, contact replies) and mails never sent have no reason to stay.
    summary.mailsDeleted = count(
      await trx
        .deleteFrom('mails')
        .where((eb) => eb(eb.fn('lower', ['toAddress']), 'in', addresses))
        .where((eb) => eb.or([eb('bookingId', 'is', null), eb('status', 'in', ['PENDING', 'SENDING'])]))
        .executeTakeFirst(),
    );
    // A booking's mails stay as the record that they were sent (type, subject, when), without their text.
    summary.mailsRedacted = count(
      await trx
        .updateTable('mails')
        .set({ toAddress: erasedAddress(travelerId), html: REDACTED_MAIL, text: REDACTED_MAIL })
        .where((eb) => eb(eb.fn('lower', ['toAddress']), 'in', addresses))
        .executeTakeFirst(),
    );
    summary.waitingListEntries = count(
      await trx
        .deleteFrom('waitingListEntries')
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', addresses))
        .executeTakeFirst(),
    );
    // A published review keeps its words and ratings for other travellers, signed by nobody.
    summary.reviews = count(
      await trx
        .updateTable('travelerOpinions')
        .set({ name: ERASED_NAME, email: null, avatar: null })
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', addresses))
        .executeTakeFirst(),
    );
  }
  summary.contactQuestions = count(
    await trx
      .deleteFrom('contactTours')
      .where((eb) => eb.or([eb('travelerId', '=', travelerId), ...(addresses.length ? [eb(eb.fn('lower', ['email']), 'in', addresses)] : [])]))
      .executeTakeFirst(),
  );
  await trx.updateTable('visitorLogs').set({ travelerId: null }).where('travelerId', '=', travelerId).execute();

  // Earlier staff records about them keep who did what and when, not the personal values they showed.
  const records = await trx
    .selectFrom('staffActions')
    .select(['id', 'before', 'after'])
    .where('entityType', '=', 'traveler')
    .where('entityId', '=', travelerId)
    .execute();
  for (const record of records) {
    await trx
      .updateTable('staffActions')
      .set({ before: redactRecord(record.before), after: redactRecord(record.after) })
      .where('id', '=', record.id)
      .execute();
  }
  return summary;
}
