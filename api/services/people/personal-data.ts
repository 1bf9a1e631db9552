/**
 * A traveller's right of access (GDPR art. 15 and 20): everything personal the shop keeps about them, as
 * one JSON document. Staff download it from /admin/travelers/{id}; the traveller's own "download my data"
 * (profile area) is meant to call the same function. Only this person's data: on a booking shared with
 * others, only their own passenger entries; never password hashes, tokens or other people's entries.
 */
import { waitingListTrips } from '../catalogue/trips.ts';
import type { Db } from '../../db/database.ts';
import { parseTravellers } from '../bookings/records.ts';
import { accountOf, findTraveler, isEntryOf, linkedBookings } from './linked.ts';

/** The version of the document's shape, so a reader years later knows what it is reading. */
export const PERSONAL_DATA_FORMAT = 'different-roads.personal-data/1';

/** The document, with `exportedAt`; throws 404 for an unknown traveller. */
export async function exportTravelerData(db: Db, travelerId: string, { now }: { now: Date }) {
  const traveler = await findTraveler(db, travelerId);
  const email = traveler.email?.toLowerCase() ?? null;
  const [country, account, bookings, favourites, transactions, staffActions] = await Promise.all([
    traveler.countryId ? db.selectFrom('countries').select(['iso', 'name']).where('id', '=', traveler.countryId).executeTakeFirst() : undefined,
    accountOf(db, travelerId),
    linkedBookings(db, travelerId),
    db
      .selectFrom('favoriteTours')
      .innerJoin('tours', 'tours.id', 'favoriteTours.tourId')
      .select(['tours.name', 'tours.webSlug', 'favoriteTours.createdAt'])
      .where('favoriteTours.travelerId', '=', travelerId)
      .orderBy('favoriteTours.createdAt')
      .execute(),
    db.selectFrom('transactions').selectAll().where('travelerId', '=', travelerId).orderBy('createdAt').orderBy('id').execute(),
    db
      .selectFrom('staffActions')
      .select(['action', 'reason', 'createdAt'])
      .where('entityType', '=', 'traveler')
      .where('entityId', '=', travelerId)
      .orderBy('createdAt')
      .execute(),
  ]);
  // The addresses their mails went to: the traveller's and the account's (they can differ for a while).
  const addresses = [...new Set([email, account?.email ?? null].filter((a): a is string => a !== null))];
  const [groups, sessions, mails, contactQuestions, reviews, waitingList, payments, activityReviews] = await Promise.all([
    account ? db.selectFrom('userGroups').select('groupName').where('userId', '=', account.id).execute() : [],
    account
      ? db
          .selectFrom('sessions')
          .select(['familyId', 'userAgent', 'createdAt', 'expiresAt', 'revokedAt'])
          .where('userId', '=', account.id)
          .where('rotatedAt', 'is', null)
          .orderBy('createdAt')
          .execute()
      : [],
    addresses.length
      ? db
          .selectFrom('mails')
          .select(['type', 'toAddress', 'subject', 'text', 'status', 'createdAt', 'sentAt', 'bookingId'])
          .where((eb) => eb(eb.fn('lower', ['toAddress']), 'in', addresses))
          .orderBy('createdAt')
          .orderBy('id')
          .execute()
      : [],
    db
      .selectFrom('contactTours')
      .select(['question', 'tourName', 'name', 'surname', 'email', 'phone', 'createdAt'])
      .where((eb) => eb.or([eb('travelerId', '=', travelerId), ...(addresses.length ? [eb(eb.fn('lower', ['email']), 'in', addresses)] : [])]))
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('travelerOpinions')
      .innerJoin('tours', 'tours.id', 'travelerOpinions.tourId')
      .select([
        'tours.name as tourName',
        'travelerOpinions.title',
        'travelerOpinions.name',
        'travelerOpinions.email',
        'travelerOpinions.description',
        'travelerOpinions.rate',
        'travelerOpinions.status',
        'travelerOpinions.createdAt',
      ])
      // Signed with their address, or written through a feedback link of theirs.
      .where((eb) =>
        eb.or([
          eb('travelerOpinions.travelerId', '=', travelerId),
          ...(addresses.length ? [eb(eb.fn('lower', ['travelerOpinions.email']), 'in', addresses)] : []),
        ]),
      )
      .orderBy('travelerOpinions.createdAt')
      .execute(),
    addresses.length
      ? waitingListTrips(db)
          .select([
            'tours.name as tourName',
            'periods.dayOne',
            'waitingListEntries.name',
            'waitingListEntries.email',
            'waitingListEntries.travellers',
            'waitingListEntries.status',
            'waitingListEntries.createdAt',
          ])
          .where((eb) => eb(eb.fn('lower', ['waitingListEntries.email']), 'in', addresses))
          .orderBy('waitingListEntries.createdAt')
          .execute()
      : [],
    bookings.some((b) => b.travelerId === travelerId)
      ? db
          .selectFrom('payments')
          .select(['bookingId', 'orderNumber', 'paymentMethod', 'amountCents', 'refundedCents', 'status', 'createdAt', 'confirmedAt'])
          .where(
            'bookingId',
            'in',
            bookings.filter((b) => b.travelerId === travelerId).map((b) => b.id),
          )
          .orderBy('createdAt')
          .execute()
      : [],
    db
      .selectFrom('optionalActivityOpinions')
      .innerJoin('optionalActivities', 'optionalActivities.id', 'optionalActivityOpinions.optionalActivityId')
      .select([
        'optionalActivities.name as activityName',
        'optionalActivityOpinions.rate',
        'optionalActivityOpinions.opinion',
        'optionalActivityOpinions.status',
        'optionalActivityOpinions.createdAt',
      ])
      .where('optionalActivityOpinions.travelerId', '=', travelerId)
      .orderBy('optionalActivityOpinions.createdAt')
      .execute(),
  ]);

  const person = { email, dni: traveler.dni, passportId: traveler.passportId };
  return {
    format: PERSONAL_DATA_FORMAT,
    exportedAt: now.toISOString(),
    acerca:
      'Estos son todos los datos personales que Different Roads guarda sobre ti: tu ficha de viajero, tu cuenta, tus reservas (solo tus datos como pasajero), tus presupuestos, tus favoritos, tus puntos, los correos que te hemos enviado y lo que nos has escrito.',
    traveler: {
      id: traveler.id,
      name: traveler.name,
      surname: traveler.surname,
      email: traveler.email,
      phone: traveler.phone,
      dni: traveler.dni,
      passportId: traveler.passportId,
      birthdate: traveler.birthdate,
      sex: traveler.sex,
      country: country ? { iso: country.iso, name: country.name } : null,
      cityId: traveler.cityId,
      externalId: traveler.externalId,
      pointsBalance: traveler.accumulatedReward,
      createdAt: traveler.createdAt,
      updatedAt: traveler.updatedAt,
      erasedAt: traveler.erasedAt,
    },
    account: account
      ? {
          email: account.email,
          createdAt: account.createdAt,
          emailVerifiedAt: account.emailVerifiedAt,
          disabledAt: account.disabledAt,
          passwordChangeRequiredAt: account.passwordChangeRequiredAt,
          signsInWithPassword: account.passwordHash !== null,
          groups: groups.map((g) => g.groupName),
          sessions: sessions.map((s) => ({ startedAt: s.createdAt, device: s.userAgent, expiresAt: s.expiresAt, endedAt: s.revokedAt })),
        }
      : null,
    bookings: bookings.map((b) => {
      const holder = b.travelerId === travelerId;
      return {
        reference: b.differentId,
        tkId: b.tkId,
        role: holder ? 'titular' : 'pasajero',
        status: b.status,
        tour: b.tourName,
        departure: b.dayOne,
        return: b.returnDate,
        budgetName: holder ? b.budgetName : null,
        priceCents: holder ? b.priceCents : null,
        createdAt: b.createdAt,
        passengerEntries: parseTravellers(b.travelersStringify)
          .filter((entry) => isEntryOf(entry, person, { holder }))
          .map((entry) => ({ ageGroup: entry.ageGroup, lead: entry.lead, reservationFields: entry.reservationFields, room: entry.reservationMode })),
        payments: payments
          .filter((p) => p.bookingId === b.id)
          .map((p) => ({
            order: p.orderNumber,
            method: p.paymentMethod,
            amountCents: p.amountCents,
            refundedCents: p.refundedCents,
            status: p.status,
            createdAt: p.createdAt,
            confirmedAt: p.confirmedAt,
          })),
      };
    }),
    favourites: favourites.map((f) => ({ tour: f.name, url: `/tour/${f.webSlug}`, addedAt: f.createdAt })),
    transactions: transactions.map((t) => ({
      kind: t.kind,
      type: t.type,
      amount: t.amount,
      currency: t.curency,
      status: t.status,
      booking: bookings.find((b) => b.id === t.bookingId)?.differentId ?? null,
      createdAt: t.createdAt,
    })),
    mails: mails.map((m) => ({
      type: m.type,
      to: m.toAddress,
      subject: m.subject,
      text: m.text,
      status: m.status,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      booking: bookings.find((b) => b.id === m.bookingId)?.differentId ?? null,
    })),
    contactQuestions,
    reviews,
    activityReviews,
    waitingList,
    // What staff did about them and why; which staff member did it is the staff's own data.
    staffActions: staffActions.map((a) => ({ action: a.action, reason: a.reason, at: a.createdAt })),
  };
}
