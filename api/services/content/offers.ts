/**
 * The offer lists of /last-minute (slider 'ultimas-plazas') and /ofertas (slider 'ofertas'), edited in
 * place (cms-and-backoffice.md §2.2–2.3, §4, §5, §6): create ('Crear nueva oferta'), edit discount, coupon
 * and status, delete. New offers start active at position 1; the slider is created when missing.
 *
 * An offer advertises a coupon code: the code must be one the payment step accepts for that departure.
 * A code that does not exist yet is created with the offer (a fixed discount per traveller, for that
 * departure only, valid until the day before it leaves, as the seeded offer coupons are); an existing code
 * that would not apply to the departure is refused with the reason the traveller would read.
 */
import { periodTours } from '../catalogue/trips.ts';
import { randomUUID } from 'node:crypto';
import { isCouponApplicable, normaliseCouponCode } from '#shared/rules/coupons.ts';
import { addDays } from '#shared/rules/dates.ts';
import { parseEurosInput } from '#shared/rules/money.ts';
import {
  computeOfferPrices,
  listDepartureCities,
  listOfferFlightOptions,
  parseDepartureCities,
  pickOfferFlightId,
  validateOfferCreation,
  validateOfferEdit,
} from '#shared/rules/offers.ts';
import { LAST_MINUTE_SLIDER, OFFERS_DESCRIPTION, OFFERS_SLIDER_SLUG } from '#shared/constants.ts';
import { contentKeys } from '#shared/page-deps.ts';
import type { OfferCreateSchema, OfferListView, OfferOptionsView, OfferSaveSchema, OfferView } from '#shared/schemas/cms.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import type { TargetedChange } from './rebuilds.ts';
import { findReplayedCreate, recordHistory, versionConflict, wasDeleted } from './history.ts';

type Actor = Pick<AuthContext, 'userId' | 'email'>;

/** The two offer lists, and what a missing slider is created with. */
export const OFFER_SLIDERS = {
  [LAST_MINUTE_SLIDER.sliderSlug]: { title: LAST_MINUTE_SLIDER.title, subtitle: LAST_MINUTE_SLIDER.subtitle as string | null },
  [OFFERS_SLIDER_SLUG]: { title: OFFERS_DESCRIPTION, subtitle: null },
} as const;
export type OfferSliderSlug = keyof typeof OFFER_SLIDERS;

export const offerNotFound = () => notFound('Esta oferta ya no existe.');

/** What an offer change makes the live pages render again: its list page (and any card of the tour there). */
export const offerChange = (sliderSlug: string): TargetedChange => ({ changed: [contentKeys.slider(sliderSlug)], content: true });

/** "web-bookable" as the catalogue means it: published on the web and bookable there (0/1 flags in the database). */
const isOnSale = (p: { webBookable: number; publishWeb: number }) => p.webBookable === 1 && p.publishWeb === 1;

/** Euros as typed ('120', '120,5'), checked by the offer rules, in cents. */
const toCents = (value: string | number | null): number => parseEurosInput(String(value)) ?? 0;

async function findSlider(db: Db | Trx, slug: string) {
  return db.selectFrom('sliders').select(['id', 'sliderSlug', 'title', 'subtitle']).where('sliderSlug', '=', slug).executeTakeFirst();
}

/** 'Slider not found, creating new one...': the offer slider as the spec creates it. */
async function findOrCreateSlider(trx: Trx, slug: OfferSliderSlug, now: Date): Promise<string> {
  const found = await findSlider(trx, slug);
  if (found) return found.id;
  const id = randomUUID();
  const at = now.toISOString();
  const defaults = OFFER_SLIDERS[slug];
  await trx
    .insertInto('sliders')
    .values({
      id,
      website: 'DRCAMPAIGN',
      sliderSlug: slug,
      title: defaults.title,
      subtitle: defaults.subtitle,
      description: slug === OFFERS_SLIDER_SLUG ? OFFERS_DESCRIPTION : null,
      status: 'ACTIVE',
      category: 'GROUP',
      position: 0,
      label: defaults.title,
      createdAt: at,
      updatedAt: at,
      version: 1,
    })
    .execute();
  return id;
}

async function offerRows(db: Db | Trx, { sliderId, offerId }: { sliderId?: string; offerId?: string }) {
  let query = db
    .selectFrom('tourOffers')
    .innerJoin('tourSliders', 'tourSliders.tourOfferId', 'tourOffers.id')
    .innerJoin('periods', 'periods.id', 'tourOffers.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .innerJoin('sliders', 'sliders.id', 'tourSliders.sliderId')
    .select([
      'tourOffers.id',
      'tourOffers.version',
      'tourOffers.status',
      'tourOffers.position',
      'tourOffers.discountCents',
      'tourOffers.coupon',
      'tourOffers.flightId',
      'tourOffers.departureCities',
      'tourOffers.periodId',
      'periods.dayOne',
      'periods.returnDate',
      'tours.id as tourId',
      'tours.name as tourName',
      'tours.webSlug',
      'tours.thumbnail',
      'tours.tourType',
      'sliders.sliderSlug',
      'tourSliders.id as linkId',
    ]);
  if (sliderId) query = query.where('tourSliders.sliderId', '=', sliderId);
  if (offerId) query = query.where('tourOffers.id', '=', offerId);
  return query.orderBy('tourOffers.position').orderBy('periods.dayOne').orderBy('tourOffers.id').execute();
}

type OfferRow = Awaited<ReturnType<typeof offerRows>>[number];

async function toViews(db: Db | Trx, rows: OfferRow[]): Promise<OfferView[]> {
  if (rows.length === 0) return [];
  const tourIds = [...new Set(rows.map((r) => r.tourId))];
  const periodIds = [...new Set(rows.map((r) => r.periodId))];
  const [prices, flights] = await Promise.all([
    db
      .selectFrom('prices')
      .select(['tourId', 'periodId', 'flightId', 'ageGroupName', 'categoryName', 'valueCents'])
      .where((eb) => eb.or([eb('tourId', 'in', tourIds), eb('periodId', 'in', periodIds)]))
      .execute(),
    db.selectFrom('flights').select(['id', 'name', 'periodId']).where('periodId', 'in', periodIds).execute(),
  ]);
  return rows.map((row) => {
    const periodFlights = flights.filter((f) => f.periodId === row.periodId).map((f) => ({ ...f, prices: prices.filter((p) => p.flightId === f.id) }));
    const { priceCents, discountedPriceCents } = computeOfferPrices({
      tourPrices: prices.filter((p) => p.tourId === row.tourId && p.periodId === null && p.flightId === null),
      periodPrices: prices.filter((p) => p.periodId === row.periodId && p.flightId === null),
      flights: periodFlights,
      chosenFlightId: row.flightId,
      discountCents: row.discountCents,
    });
    return {
      id: row.id,
      version: row.version,
      status: row.status,
      position: row.position,
      discountCents: row.discountCents,
      coupon: row.coupon,
      tour: { id: row.tourId, name: row.tourName, webSlug: row.webSlug, thumbnail: row.thumbnail },
      period: { id: row.periodId, dayOne: row.dayOne, returnDate: row.returnDate },
      flightId: row.flightId,
      departureCities: parseDepartureCities(row.departureCities),
      priceCents,
      discountedPriceCents,
    };
  });
}

/** Every offer of a list, inactive ones too (admins see them dimmed). */
export async function listEditableOffers(db: Db, slug: OfferSliderSlug): Promise<OfferListView> {
  const slider = await findSlider(db, slug);
  const defaults = OFFER_SLIDERS[slug];
  return {
    slider: { slug, title: slider?.title ?? defaults.title, subtitle: slider?.subtitle ?? defaults.subtitle, exists: Boolean(slider) },
    offers: slider ? await toViews(db, await offerRows(db, { sliderId: slider.id })) : [],
  };
}

async function findOffer(db: Db | Trx, id: string): Promise<OfferView & { sliderSlug: string | null; tourType: string; linkId: string }> {
  const [row] = await offerRows(db, { offerId: id });
  if (!row) throw offerNotFound();
  const [view] = await toViews(db, [row]);
  return { ...(view as OfferView), sliderSlug: row.sliderSlug, tourType: row.tourType, linkId: row.linkId };
}

/** The periods of a tour still on sale, with the flights the form offers (no 'sin v'). */
export async function listOfferOptions(db: Db, tourId: string, now: Date): Promise<OfferOptionsView> {
  const today = now.toISOString().slice(0, 10);
  const periods = await db
    .selectFrom('periods')
    .select(['id', 'dayOne', 'returnDate', 'webBookable', 'publishWeb'])
    .where('tourId', '=', tourId)
    .where('dayOne', '>', today)
    .orderBy('dayOne')
    .execute();
  const onSale = periods.filter(isOnSale);
  const flights = onSale.length
    ? await db
        .selectFrom('flights')
        .select(['id', 'name', 'periodId'])
        .where(
          'periodId',
          'in',
          onSale.map((p) => p.id),
        )
        .orderBy('name')
        .execute()
    : [];
  return {
    periods: onSale.map((p) => ({
      id: p.id,
      dayOne: p.dayOne,
      returnDate: p.returnDate,
      flights: listOfferFlightOptions(flights.filter((f) => f.periodId === p.id)).map(({ id, name }) => ({ id, name })),
    })),
  };
}

/**
 * Makes sure `code` is a coupon the payment step accepts for this departure: creates it (a fixed discount
 * per traveller for this departure) when no coupon has that code, refuses it with the traveller's reason
 * when one exists that would not apply. Returns the code as stored.
 */
async function ensureOfferCoupon(
  trx: Trx,
  {
    code,
    discountCents,
    period,
    tour,
    flightId,
    now,
  }: {
    code: string;
    discountCents: number;
    period: { id: string; dayOne: string };
    tour: { id: string; tourType: string };
    flightId: string | null;
    now: Date;
  },
): Promise<string> {
  const normalised = normaliseCouponCode(code);
  const existing = await trx
    .selectFrom('coupons')
    .selectAll()
    .where((eb) => eb(eb.fn('upper', ['code']), '=', normalised))
    .executeTakeFirst();
  const today = now.toISOString().slice(0, 10);
  if (!existing) {
    await trx
      .insertInto('coupons')
      .values({
        id: randomUUID(),
        code: normalised,
        startDate: today,
        endDate: addDays({ date: period.dayOne, days: -1 }),
        couponCondition: 'PER_TRAVELER',
        tourId: null,
        tourType: null,
        periodId: period.id,
        flightId: null,
        value: discountCents,
        uses: 100,
        type: 'fixed',
        status: 'active',
      })
      .execute();
    return normalised;
  }
  const check = isCouponApplicable({ coupon: existing, today, tourId: tour.id, tourType: tour.tourType, periodId: period.id, flightId });
  if (!check.applicable) throw invalidFields({ coupon: `${check.reason}: el cupón ${existing.code} no serviría en esta salida.` });
  return existing.code;
}

/** 'Crear nueva oferta' → 'Publicar': the offer (active, position 1) and its link in the list's slider. */
export async function createOffer(db: Db, slug: OfferSliderSlug, input: z.output<typeof OfferCreateSchema>, actor: Actor, now: Date): Promise<OfferView> {
  const errors = validateOfferCreation(input);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  const discountCents = toCents(input.discount);
  const id = await db.transaction().execute(async (trx) => {
    const replayed = await findReplayedCreate(trx, 'offer', input.requestId);
    if (replayed) return replayed;
    const period = await periodTours(trx)
      .select(['periods.id', 'periods.dayOne', 'periods.webBookable', 'periods.publishWeb', 'tours.id as tourId', 'tours.tourType'])
      .where('periods.id', '=', input.periodId as string)
      .where('periods.tourId', '=', input.tourId as string)
      .executeTakeFirst();
    if (!period || !isOnSale(period) || period.dayOne <= now.toISOString().slice(0, 10)) {
      throw invalidFields({ periodId: 'Esta salida ya no está a la venta.' });
    }
    const flights = input.flightIds.length
      ? await trx.selectFrom('flights').select(['id', 'name']).where('periodId', '=', period.id).where('id', 'in', input.flightIds).execute()
      : [];
    const chosen = listOfferFlightOptions(flights);
    if (chosen.length !== input.flightIds.length) throw invalidFields({ flightIds: 'Elige vuelos de esta salida.' });
    const flightId = pickOfferFlightId(chosen.map((f) => f.id));
    const coupon = await ensureOfferCoupon(trx, {
      code: input.coupon ?? '',
      discountCents,
      period,
      tour: { id: period.tourId, tourType: period.tourType },
      flightId,
      now,
    });
    const sliderId = await findOrCreateSlider(trx, slug, now);
    const id = randomUUID();
    const row = {
      id,
      periodId: period.id,
      flightId,
      stock: null,
      description: null,
      discountCents,
      coupon,
      position: 1,
      status: 'active' as const,
      departureCities: JSON.stringify(listDepartureCities(chosen)),
      version: 1,
    };
    await trx.insertInto('tourOffers').values(row).execute();
    await trx.insertInto('tourSliders').values({ id: randomUUID(), tourId: period.tourId, sliderId, position: 1, tourOfferId: id }).execute();
    await recordHistory(trx, { type: 'offer', entityId: id, version: 1, action: 'create', actor, requestId: input.requestId, before: null, after: row }, now);
    return id;
  });
  return findOffer(db, id);
}

type OfferState = Pick<OfferView, 'discountCents' | 'coupon' | 'status'>;

/** Editing an offer: discount, coupon and status ('Guardando...'), from the version the editor opened. */
export async function saveOffer(
  db: Db,
  id: string,
  input: z.output<typeof OfferSaveSchema>,
  actor: Actor,
  now: Date,
  { action = 'update' }: { action?: 'update' | 'restore' } = {},
): Promise<{ view: OfferView; changed: boolean; sliderSlug: string | null }> {
  const errors = validateOfferEdit(input);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  const discountCents = toCents(input.discount);
  const result = await db.transaction().execute(async (trx) => {
    const current = await findOffer(trx, id);
    const before: OfferState = { discountCents: current.discountCents, coupon: current.coupon, status: current.status };
    const sameCoupon = normaliseCouponCode(input.coupon ?? '') === normaliseCouponCode(current.coupon);
    const after: OfferState = { discountCents, coupon: sameCoupon ? current.coupon : normaliseCouponCode(input.coupon ?? ''), status: input.status };
    if (JSON.stringify(after) === JSON.stringify(before) && input.version >= current.version - 1) return { changed: false, sliderSlug: current.sliderSlug };
    if (input.version !== current.version) throw versionConflict();
    if (!sameCoupon) {
      after.coupon = await ensureOfferCoupon(trx, {
        code: after.coupon,
        discountCents,
        period: current.period,
        tour: { id: current.tour.id, tourType: current.tourType },
        flightId: current.flightId,
        now,
      });
    }
    const version = current.version + 1;
    const updated = await trx
      .updateTable('tourOffers')
      .set({ ...after, version })
      .where('id', '=', id)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await recordHistory(trx, { type: 'offer', entityId: id, version, action, actor, before, after }, now);
    return { changed: true, sliderSlug: current.sliderSlug };
  });
  return { view: await findOffer(db, id), ...result };
}

/** Deletes an offer and its link; a second press answers as the first. */
export async function deleteOffer(db: Db, id: string, version: number, actor: Actor, now: Date): Promise<{ sliderSlug: string | null } | null> {
  const exists = await db.selectFrom('tourOffers').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) {
    if (await wasDeleted(db, 'offer', id)) return null;
    throw offerNotFound();
  }
  return db.transaction().execute(async (trx) => {
    const current = await findOffer(trx, id);
    if (version !== current.version) throw versionConflict();
    await trx.deleteFrom('tourSliders').where('tourOfferId', '=', id).execute();
    await trx.deleteFrom('tourOffers').where('id', '=', id).execute();
    const before: OfferState = { discountCents: current.discountCents, coupon: current.coupon, status: current.status };
    await recordHistory(trx, { type: 'offer', entityId: id, version: version + 1, action: 'delete', actor, before, after: null }, now);
    return { sliderSlug: current.sliderSlug };
  });
}
