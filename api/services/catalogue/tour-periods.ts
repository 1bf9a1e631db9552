/**
 * The tour editor's departures (/admin/tour/{id}, issue 14): add one, change its dates, seats, web sale
 * and source, remove it, and set its price per age group (cms-and-backoffice.md §7 "update Price"). A
 * change that would break a booking already made is refused with the reason: removing a departure a
 * booking names, lowering its seats under those sold (or held by payments under way), moving the dates of
 * one with live bookings. Seats change by a conditional update relative to what the row holds, so a
 * payment taking seats meanwhile can never leave a departure with fewer seats than it sold.
 */
import { ownPrices } from './prices.ts';
import { randomUUID } from 'node:crypto';
import { countDaysBetween, formatSpanishDate } from '#shared/rules/dates.ts';
import type { PeriodInput } from '#shared/schemas/tour-editor.ts';
import { periodHasBookingsMessage, seatsUnderHeldMessage, seatsUnderSoldMessage, TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import type { z } from 'zod';
import type { PriceInputSchema } from '#shared/schemas/tour-editor.ts';
import type { Db } from '../../db/database.ts';
import type { PeriodRow } from '../../db/tables.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import { type Actor, applyOnce, type Change } from '../kit/apply-once.ts';
import { tourNotFound } from './tours.ts';

const periodNotFound = () => notFound(TOUR_EDITOR_MESSAGES.periodNotFound);
export const refused = (message: string, field?: string) => new AppError('CONFLICT', message, field ? { [field]: message } : undefined);

/** The name a departure gets from its tour and day, as the catalogue names them. */
const periodName = (tourName: string, dayOne: string) => `${tourName} – ${formatSpanishDate({ date: dayOne })}`;
const daysOf = ({ dayOne, returnDate }: Pick<PeriodInput, 'dayOne' | 'returnDate'>) => countDaysBetween({ from: dayOne, to: returnDate }) + 1;

/** Seats of one departure (or one of its flights) taken for good and held by payments under way. */
export async function seatsTaken(db: Db | Trx, resourceId: string, resourceType: 'period' | 'flight' = 'period'): Promise<{ sold: number; held: number }> {
  const rows = await db
    .selectFrom('seatHolds')
    .select([(e) => e.fn.sum<number>('quantity').as('n'), 'confirmedAt'])
    .where('resourceType', '=', resourceType)
    .where('resourceId', '=', resourceId)
    .where('releasedAt', 'is', null)
    .groupBy('confirmedAt')
    .execute();
  let sold = 0;
  let held = 0;
  for (const row of rows) {
    if (row.confirmedAt === null) held += Number(row.n);
    else sold += Number(row.n);
  }
  return { sold, held };
}

const countBookings = async (db: Db | Trx, periodId: string, { live = false } = {}) =>
  Number(
    (
      await db
        .selectFrom('bookings')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('periodId', '=', periodId)
        .$if(live, (qb) => qb.where('status', '!=', 'CANCELED'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A press on one departure of the tour. */
export interface PeriodPress {
  tourId: string;
  periodId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

/**
 * One press on a departure of the tour, once (applyOnce), with the departure as it is in the press's
 * transaction: true when it applied, false when it was applied already or `apply` found nothing to change.
 */
export function onPeriod(
  db: Db,
  { tourId, periodId, requestId, actor, now }: PeriodPress,
  apply: (trx: Trx, record: (change: Change) => Promise<void>, period: PeriodRow) => Promise<boolean>,
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'period', entityId: periodId, requestId, actor, now },
    async (trx, record) => apply(trx, record, await findPeriod(trx, tourId, periodId)),
    () => false,
  );
}

export async function findPeriod(db: Db | Trx, tourId: string, periodId: string) {
  const period = await db.selectFrom('periods').selectAll().where('id', '=', periodId).where('tourId', '=', tourId).executeTakeFirst();
  if (!period) throw periodNotFound();
  return period;
}

const stored = (p: { dayOne: string; returnDate: string; webBookable: number; source: string | null }, seats: number) => ({
  dayOne: p.dayOne,
  returnDate: p.returnDate,
  seats,
  webBookable: p.webBookable === 1,
  source: p.source,
});

/**
 * 'Añadir salida': a new departure of the tour, on sale on the web as asked, with the itinerary, trip
 * type and practical information of the tour's latest departure and its price per age group (0 € of
 * supplement when the tour has none). Answers the new departure's id; a press already applied answers the
 * id it made.
 */
export async function addPeriod(
  db: Db,
  { tourId, requestId, input, actor, now }: { tourId: string; requestId: string; input: PeriodInput; actor: Actor; now: Date },
): Promise<{ applied: boolean; periodId: string }> {
  return applyOnce(
    db,
    { entityType: 'period', entityId: null, requestId, actor, now },
    async (trx, record) => {
      const tour = await trx.selectFrom('tours').select(['id', 'name']).where('id', '=', tourId).executeTakeFirst();
      if (!tour) throw tourNotFound();
      const template = await trx.selectFrom('periods').selectAll().where('tourId', '=', tourId).orderBy('dayOne', 'desc').orderBy('id').executeTakeFirst();
      const prices = template
        ? await ownPrices(trx).select(['ageGroupName', 'categoryName', 'valueCents']).where('periodId', '=', template.id).orderBy('ageGroupName').execute()
        : [];
      const id = randomUUID();
      await trx
        .insertInto('periods')
        .values({
          id,
          tourId,
          itineraryId: template?.itineraryId ?? null,
          name: periodName(tour.name, input.dayOne),
          dayOne: input.dayOne,
          returnDate: input.returnDate,
          tripType: template?.tripType ?? null,
          tags: template?.tags ?? null,
          numberOfDays: daysOf(input),
          bookableAvailability: input.seats,
          webBookable: input.webBookable ? 1 : 0,
          publishWeb: 1,
          source: input.source,
          meetingPoint: template?.meetingPoint ?? null,
          afterYourTrip: template?.afterYourTrip ?? null,
          beforeYouTravel: template?.beforeYouTravel ?? null,
          aboutTheAirport: template?.aboutTheAirport ?? null,
          countryInfo: template?.countryInfo ?? null,
          emergencyNumbers: template?.emergencyNumbers ?? null,
        })
        .execute();
      const rows = prices.length
        ? prices
        : [
            { ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents: 0 },
            { ageGroupName: 'Niños', categoryName: 'Standard category', valueCents: 0 },
          ];
      await trx
        .insertInto('prices')
        .values(rows.map((p) => ({ id: randomUUID(), periodId: id, ageGroupName: p.ageGroupName, categoryName: p.categoryName, valueCents: p.valueCents })))
        .execute();
      await record({ action: 'create', made: id, before: null, after: { tourId, ...input } });
      return { applied: true, periodId: id };
    },
    (recorded) => ({ applied: false, periodId: recorded.entityId }),
  );
}

/**
 * 'Guardar' of one departure. Answers whether it changed, and whether the change can move the tour
 * between listings (dates or web sale: `pageSet`).
 */
export async function updatePeriod(
  db: Db,
  { tourId, periodId, requestId, input, actor, now }: { tourId: string; periodId: string; requestId: string; input: PeriodInput; actor: Actor; now: Date },
): Promise<{ applied: boolean; pageSet: boolean }> {
  let pageSet = false;
  const applied = await onPeriod(db, { tourId, periodId, requestId, actor, now }, async (trx, record, period) => {
    const { sold, held } = await seatsTaken(trx, periodId);
    const seats = sold + held + period.bookableAvailability;
    if (input.seats < sold) throw refused(seatsUnderSoldMessage(sold), 'seats');
    if (input.seats < sold + held) throw refused(seatsUnderHeldMessage({ sold, held }), 'seats');
    const datesMoved = input.dayOne !== period.dayOne || input.returnDate !== period.returnDate;
    if (datesMoved) {
      const live = await countBookings(trx, periodId, { live: true });
      if (live > 0) {
        const message = `No se pueden cambiar las fechas: ${live === 1 ? 'hay 1 reserva' : `hay ${live} reservas`} para estos días. Crea otra salida con las fechas nuevas.`;
        throw refused(message, 'dayOne');
      }
    }
    const before = stored(period, seats);
    const after = { ...input };
    const changed = JSON.stringify(before) !== JSON.stringify(stored({ ...input, webBookable: input.webBookable ? 1 : 0 }, input.seats));
    if (!changed) return false;
    const delta = input.seats - seats;
    const tour = await trx.selectFrom('tours').select('name').where('id', '=', tourId).executeTakeFirstOrThrow();
    // A name the shop gave follows the new day; one staff wrote stays.
    const name = datesMoved && period.name === periodName(tour.name, period.dayOne) ? periodName(tour.name, input.dayOne) : period.name;
    const updated = await trx
      .updateTable('periods')
      .set((eb) => ({
        name,
        dayOne: input.dayOne,
        returnDate: input.returnDate,
        numberOfDays: daysOf(input),
        webBookable: input.webBookable ? 1 : 0,
        source: input.source,
        bookableAvailability: eb('bookableAvailability', '+', delta),
      }))
      .where('id', '=', periodId)
      .where((eb) => eb(eb('bookableAvailability', '+', delta), '>=', 0))
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      // Seats were taken between the check and the write: say how many are taken now.
      const now = await seatsTaken(trx, periodId);
      throw refused(now.held ? seatsUnderHeldMessage(now) : seatsUnderSoldMessage(now.sold), 'seats');
    }
    await record({ action: 'update', before, after });
    pageSet = datesMoved || input.webBookable !== (period.webBookable === 1);
    return true;
  });
  return { applied, pageSet: applied && pageSet };
}

/** 'Quitar la salida': never one a booking names. Removing one already removed answers as done. */
export async function removePeriod(
  db: Db,
  { tourId, periodId, requestId, actor, now }: { tourId: string; periodId: string; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  const refuseBooked = (n: number) => refused(periodHasBookingsMessage(n));
  try {
    const applied = await applyOnce(
      db,
      { entityType: 'period', entityId: periodId, requestId, actor, now },
      async (trx, record) => {
        const period = await trx.selectFrom('periods').selectAll().where('id', '=', periodId).where('tourId', '=', tourId).executeTakeFirst();
        if (!period) {
          const removed = await trx
            .selectFrom('staffActions')
            .select('id')
            .where('entityType', '=', 'period')
            .where('entityId', '=', periodId)
            .where('action', '=', 'delete')
            .executeTakeFirst();
          if (removed) return false;
          throw periodNotFound();
        }
        const booked = await countBookings(trx, periodId);
        if (booked > 0) throw refuseBooked(booked);
        await trx.deleteFrom('periods').where('id', '=', periodId).execute();
        await record({ action: 'delete', before: { tourId, ...stored(period, period.bookableAvailability) }, after: null });
        return true;
      },
      () => false,
    );
    return { applied };
  } catch (error) {
    // A booking made between the count and the delete: the database refused the delete.
    const late = await countBookings(db, periodId);
    if (late > 0) throw refuseBooked(late);
    throw error;
  }
}

/**
 * 'Guardar precios' of one departure: its price per age group (the supplement over the tour's price), or,
 * with `optionalActivityId`, the price of one of its optional activities. Bookings already made keep the
 * amounts they were quoted. Answers whether anything changed.
 */
export async function savePeriodPrices(
  db: Db,
  {
    tourId,
    periodId,
    optionalActivityId = null,
    requestId,
    prices,
    actor,
    now,
  }: {
    tourId: string;
    periodId: string;
    optionalActivityId?: string | null;
    requestId: string;
    prices: z.output<typeof PriceInputSchema>[];
    actor: Actor;
    now: Date;
  },
): Promise<{ applied: boolean }> {
  const applied = await onPeriod(db, { tourId, periodId, requestId, actor, now }, async (trx, record) => {
    if (optionalActivityId !== null) {
      const activity = await trx
        .selectFrom('optionalActivities')
        .select('id')
        .where('id', '=', optionalActivityId)
        .where('periodId', '=', periodId)
        .executeTakeFirst();
      if (!activity) throw notFound(TOUR_EDITOR_MESSAGES.activityNotFound);
    }
    // A departure's own prices name it and nothing else; an optional activity's name the activity alone.
    const owner = optionalActivityId === null ? { periodId } : { optionalActivityId };
    const own = (qb: Db | Trx) =>
      qb
        .selectFrom('prices')
        .select(['id', 'ageGroupName', 'valueCents'])
        .$if(optionalActivityId === null, (q) => q.where('periodId', '=', periodId).where('optionalActivityId', 'is', null))
        .$if(optionalActivityId !== null, (q) => q.where('optionalActivityId', '=', optionalActivityId ?? ''))
        .where('flightId', 'is', null)
        .where('activityPackId', 'is', null)
        .where('reservationModeId', 'is', null);
    const current = await own(trx).execute();
    const changes = prices.filter((p) => current.find((c) => c.ageGroupName === p.ageGroupName)?.valueCents !== p.valueCents);
    if (changes.length === 0) return false;
    for (const price of changes) {
      const row = current.find((c) => c.ageGroupName === price.ageGroupName);
      if (row) await trx.updateTable('prices').set({ valueCents: price.valueCents }).where('id', '=', row.id).execute();
      else
        await trx
          .insertInto('prices')
          .values({ id: randomUUID(), ...owner, ageGroupName: price.ageGroupName, valueCents: price.valueCents })
          .execute();
    }
    await record({
      action: optionalActivityId === null ? 'prices' : 'activity-prices',
      before: {
        ...owner,
        ...Object.fromEntries(changes.map((p) => [p.ageGroupName, current.find((c) => c.ageGroupName === p.ageGroupName)?.valueCents ?? null])),
      },
      after: { ...owner, ...Object.fromEntries(changes.map((p) => [p.ageGroupName, p.valueCents])) },
    });
    return true;
  });
  return { applied };
}
