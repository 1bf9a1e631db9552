/**
 * Staff changes to a booking beyond its status (issue 12; cms-and-backoffice.md §7): correct a traveller's
 * data, add an optional activity, credit a compensation in points, and the documents uploaded for the
 * traveller (tk-upload). Each is one press: recorded with who, when and before/after, applied once per
 * request id, and refused with a message when the booking changed since the staff member loaded it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkAgeGroup } from '#shared/rules/passengers.ts';
import { BOOKING_CHANGED_MESSAGE } from '#shared/schemas/backoffice.ts';
import {
  type AddActivityRequest,
  BOOKING_DESK_MESSAGES,
  BOOKING_DOCUMENT_MAX_BYTES,
  type BookingActivityOption,
  type BookingDocumentView,
  type CompensationRequest,
  type TravellerEditRequest,
} from '#shared/schemas/booking-desk.ts';
import type { BookingDocumentKind } from '#shared/schemas/labels.ts';
import type { Db } from '../../db/database.ts';
import { creditPoints } from '../payments/ledger.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { addOptionalActivity } from './add-activity.ts';
import { findBooking, syncBookingTravelers } from './queries.ts';
import { loadPeriodOffer, utcToday } from './quote.ts';
import { bookingNotFound, stringifyTravellers, toBooking } from './records.ts';
import type { Trx } from '../../db/database.ts';
import { type Actor, applyOnce, type Change } from '../kit/apply-once.ts';

/**
 * Runs one press on a booking, once (the server kit's applyOnce): a press already applied, or applied by
 * its twin sent at the same moment, answers `applied: false` and does nothing again.
 */
async function once<T>(
  db: Db,
  { bookingId, requestId, actor, now }: { bookingId: string; requestId: string; actor: Actor; now: Date },
  apply: (trx: Trx, record: (change: Change) => Promise<void>) => Promise<T>,
): Promise<{ applied: boolean; result: T | null }> {
  if (!(await findBooking(db, bookingId))) throw bookingNotFound();
  return applyOnce(
    db,
    { entityType: 'booking', entityId: bookingId, requestId, actor, now },
    async (trx, record) => ({ applied: true, result: await apply(trx, record) }),
    () => ({ applied: false, result: null }),
  );
}

/** Staff correct one traveller's data (names, document, birth date, contact); the age must still fit their group. */
export async function editTraveller(db: Db, { bookingId, request, actor, now }: { bookingId: string; request: TravellerEditRequest; actor: Actor; now: Date }) {
  return once(db, { bookingId, requestId: request.requestId, actor, now }, async (trx, record) => {
    const stamp = now.toISOString();
    const claimed = await trx
      .updateTable('bookings')
      .set({ updatedAt: stamp })
      .where('id', '=', bookingId)
      .where('updatedAt', '=', request.expectedUpdatedAt)
      .where('status', '!=', 'CANCELED')
      .executeTakeFirst();
    const raw = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
    if (claimed.numUpdatedRows !== 1n) throw new AppError('CONFLICT', raw.status === 'CANCELED' ? BOOKING_DESK_MESSAGES.canceled : BOOKING_CHANGED_MESSAGE);
    const row = toBooking(raw);
    const entry = row.travellers.find((t) => t.id === request.travellerId);
    if (!entry) throw invalidFields({ travellerId: BOOKING_DESK_MESSAGES.traveller });
    const given = Object.fromEntries(Object.entries(request.fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
    if (given['birthdate']) {
      const period = await trx.selectFrom('periods').select('dayOne').where('id', '=', row.periodId).executeTakeFirstOrThrow();
      const problem = checkAgeGroup({ ageGroup: entry.ageGroup, birthdate: given['birthdate'], dayOne: period.dayOne, today: utcToday(now) });
      if (problem) throw invalidFields({ 'fields.birthdate': problem });
    }
    const before = entry.reservationFields;
    const after = { ...before, ...given };
    const travellers = row.travellers.map((t) => (t.id === entry.id ? { ...t, reservationFields: after } : t));
    await trx
      .updateTable('bookings')
      .set({ travelersStringify: stringifyTravellers(travellers) })
      .where('id', '=', bookingId)
      .execute();
    await syncBookingTravelers(trx, { bookingId, travellers, now: stamp });
    await record({ action: 'edit-traveller', before: { travellerId: entry.id, ...before }, after: { travellerId: entry.id, ...after } });
  });
}

/** The departure's optional activities a booking could still add, with the seats left. */
export async function activityOptions(db: Db, bookingId: string): Promise<BookingActivityOption[]> {
  const row = await findBooking(db, bookingId);
  if (!row) throw bookingNotFound();
  const offer = await loadPeriodOffer(db, row.periodId);
  if (!offer) return [];
  const rowIds = offer.activities.map((a) => a.id);
  if (rowIds.length === 0) return [];
  const [activities, packs] = await Promise.all([
    db.selectFrom('optionalActivities').select(['id', 'name', 'bookableAvailability']).where('id', 'in', rowIds).execute(),
    db.selectFrom('activityPacks').select(['id', 'name']).where('id', 'in', rowIds).execute(),
  ]);
  const named = new Map<string, { name: string; left: number | null }>([
    ...activities.map((a) => [a.id, { name: a.name, left: a.bookableAvailability }] as const),
    ...packs.map((p) => [p.id, { name: p.name, left: null }] as const),
  ]);
  return offer.activities.map((a) => ({ activityId: a.activityId, name: named.get(a.id)?.name ?? a.activityId, left: named.get(a.id)?.left ?? null }));
}

export async function addActivity(db: Db, { bookingId, request, actor, now }: { bookingId: string; request: AddActivityRequest; actor: Actor; now: Date }) {
  return once(db, { bookingId, requestId: request.requestId, actor, now }, async (trx, record) => {
    const added = await addOptionalActivity(trx, {
      bookingId,
      activityId: request.activityId,
      travellerIds: request.travellerIds,
      expectedUpdatedAt: request.expectedUpdatedAt,
      now,
    });
    await record({
      action: 'add-activity',
      before: added.before,
      after: { ...added.after, activity: added.name, travellerIds: added.travellerIds, amountCents: added.amountCents },
    });
    return added;
  });
}

export const NO_TRAVELER_FOR_POINTS = 'Esta reserva no está unida a ningún viajero con cuenta: no hay a quién dar los puntos.';

/** A compensation in points: a CREDIT points transaction on the booking's traveller, and their balance up. */
export async function compensate(db: Db, { bookingId, request, actor, now }: { bookingId: string; request: CompensationRequest; actor: Actor; now: Date }) {
  return once(db, { bookingId, requestId: request.requestId, actor, now }, async (trx, record) => {
    const booking = await trx.selectFrom('bookings').select(['travelerId']).where('id', '=', bookingId).executeTakeFirstOrThrow();
    if (!booking.travelerId) throw new AppError('CONFLICT', NO_TRAVELER_FOR_POINTS);
    const before = await trx.selectFrom('travelers').select('accumulatedReward').where('id', '=', booking.travelerId).executeTakeFirst();
    if (!before) throw new AppError('CONFLICT', NO_TRAVELER_FOR_POINTS);
    await creditPoints(trx, { travelerId: booking.travelerId, bookingId, points: request.points, status: 'COMPENSATION', now });
    await record({
      action: 'compensation',
      reason: request.reason,
      before: { points: before.accumulatedReward },
      after: { points: before.accumulatedReward + request.points, credited: request.points },
    });
  });
}

// ------------------------------------------------------------------------------------------------ documents

/** The file types a booking document may be, told by their first bytes (not by the name the browser sent). */
export function detectDocumentType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { contentType: 'application/pdf', extension: 'pdf' };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { contentType: 'image/png', extension: 'png' };
  return null;
}

/** A name that is safe on disk and in a mail, keeping what a person recognises; the right extension at the end. */
function documentName(name: string, extension: string): string {
  const stem = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'documento'}.${extension}`;
}

export async function listDocuments(db: Db | Trx, bookingId: string): Promise<BookingDocumentView[]> {
  const rows = await db
    .selectFrom('bookingDocuments')
    .select(['storageKey', 'name', 'kind', 'bytes', 'createdAt', 'uploadedBy'])
    .where('bookingId', '=', bookingId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    key: r.storageKey,
    name: r.name,
    kind: r.kind as BookingDocumentKind,
    bytes: r.bytes,
    uploadedAt: r.createdAt,
    uploadedBy: r.uploadedBy,
  }));
}

/**
 * tk-upload: stores the file under the data folder, then records it. The file is written under a temporary
 * name and renamed, so a document listed is always whole; a press sent twice stores one document.
 */
export async function uploadDocument(
  { db, filesDir }: { db: Db; filesDir: string },
  {
    bookingId,
    requestId,
    name,
    kind,
    bytes,
    actor,
    now,
  }: { bookingId: string; requestId: string; name: string; kind: BookingDocumentKind; bytes: Uint8Array; actor: Actor; now: Date },
) {
  const type = detectDocumentType(bytes);
  if (!type || bytes.byteLength === 0 || bytes.byteLength > BOOKING_DOCUMENT_MAX_BYTES)
    throw invalidFields({ file: BOOKING_DESK_MESSAGES.file }, BOOKING_DESK_MESSAGES.file);
  const id = randomUUID();
  const fileName = documentName(name, type.extension);
  const key = `bookings/${bookingId}/${id}-${fileName}`;
  const path = join(filesDir, key);
  let written = false;
  const outcome = await once(db, { bookingId, requestId, actor, now }, async (trx, record) => {
    const booking = await trx.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirstOrThrow();
    if (booking.status === 'CANCELED') throw new AppError('CONFLICT', BOOKING_DESK_MESSAGES.canceled);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    written = true;
    const stamp = now.toISOString();
    await trx
      .insertInto('bookingDocuments')
      .values({
        id,
        bookingId,
        storageKey: key,
        name: fileName,
        contentType: type.contentType,
        kind,
        bytes: bytes.byteLength,
        requestId,
        uploadedBy: actor.email,
        createdAt: stamp,
      })
      .execute();
    await record({ action: 'upload-document', before: null, after: { key, name: fileName, kind, bytes: bytes.byteLength } });
  }).catch(async (error: unknown) => {
    // The record did not commit: the file it would have named goes too.
    if (written) await rm(path, { force: true });
    throw error;
  });
  if (!outcome.applied && written) await rm(path, { force: true });
  return outcome;
}

/** One uploaded document's bytes, only through the booking it belongs to. */
export async function readDocument(db: Db, { filesDir, bookingId, key }: { filesDir: string; bookingId: string; key: string }) {
  const row = await db
    .selectFrom('bookingDocuments')
    .select(['storageKey', 'name', 'contentType'])
    .where('bookingId', '=', bookingId)
    .where('storageKey', '=', key)
    .executeTakeFirst();
  if (!row) throw notFound(BOOKING_DESK_MESSAGES.fileMissing);
  return { name: row.name, contentType: row.contentType, bytes: await readFile(join(filesDir, row.storageKey)) };
}
