/**
 * The expenses a guide pays on tour (/admin/guia/gastos*; cms-and-backoffice.md §3 Transaction: amount,
 * curency, exchangeRate, status): recorded by the guide with the receipt's photo, in any currency, with
 * the rate to euros; the euro value is amount × rate rounded to the cent, kept with the row so totals
 * never drift. Staff approve or reject them (a rejection says why), recorded in `staff_actions` and
 * applied once per request id. A guide sees and records only their own departures' expenses: any other
 * id answers 404, as one that does not exist.
 */
import { periodTours } from '../catalogue/trips.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ExpenseDecision,
  type ExpenseDepartureTotal,
  euroCents,
  GUIDE_TOOL_MESSAGES,
  type GuideExpenseInput,
  type GuideExpenseList,
  type GuideExpenseListQuery,
  type GuideExpenseView,
  RECEIPT_MAX_BYTES,
} from '#shared/schemas/guide-tools.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { GuideExpenseRow } from '../../db/tables.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { detectImageType, signFileLink, storeUploadedImage } from '../files/uploads.ts';
import type { GuideCaller } from './caller.ts';

const expenseNotFound = () => notFound(GUIDE_TOOL_MESSAGES.expenseNotFound);
const periodNotFound = () => notFound(GUIDE_TOOL_MESSAGES.periodNotFound);

/** The receipt's photo as the route read it from the form. */
export interface ReceiptPhoto {
  name: string;
  bytes: Uint8Array;
}

type Listed = GuideExpenseRow & { guideName: string; tourName: string; dayOne: string };

const listedQuery = (db: Db) =>
  db
    .selectFrom('guideExpenses')
    .innerJoin('guides', 'guides.id', 'guideExpenses.guideId')
    .innerJoin('periods', 'periods.id', 'guideExpenses.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .selectAll('guideExpenses')
    .select(['guides.name as guideName', 'tours.name as tourName', 'periods.dayOne']);

function view(row: Listed, { secret, now }: { secret: string; now: Date }): GuideExpenseView {
  return {
    id: row.id,
    guideId: row.guideId,
    guideName: row.guideName,
    periodId: row.periodId,
    tourName: row.tourName,
    dayOne: row.dayOne,
    kind: row.kind,
    concept: row.concept,
    amount: row.amount,
    curency: row.curency,
    exchangeRate: row.exchangeRate,
    amountEurCents: row.amountEurCents,
    spentOn: row.spentOn,
    receiptUrl: row.receipt ? signFileLink({ key: row.receipt, secret, now }) : null,
    status: row.status,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

/** Totals per departure in euros: what was spent (rejected ones left out), approved, and still pending. */
export function departureTotals(rows: readonly Listed[]): ExpenseDepartureTotal[] {
  const byPeriod = new Map<string, ExpenseDepartureTotal>();
  for (const row of rows) {
    const total = byPeriod.get(row.periodId) ?? {
      periodId: row.periodId,
      tourName: row.tourName,
      dayOne: row.dayOne,
      count: 0,
      totalEurCents: 0,
      approvedEurCents: 0,
      pendingEurCents: 0,
    };
    total.count += 1;
    if (row.status !== 'REJECTED') total.totalEurCents += row.amountEurCents;
    if (row.status === 'APPROVED') total.approvedEurCents += row.amountEurCents;
    if (row.status === 'PENDING') total.pendingEurCents += row.amountEurCents;
    byPeriod.set(row.periodId, total);
  }
  return [...byPeriod.values()].sort((a, b) => b.dayOne.localeCompare(a.dayOne) || a.periodId.localeCompare(b.periodId));
}

async function guideDepartures(db: Db, guideId: string) {
  return db
    .selectFrom('guidePeriods')
    .innerJoin('periods', 'periods.id', 'guidePeriods.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select(['periods.id as periodId', 'tours.name as tourName', 'periods.dayOne'])
    .where('guidePeriods.guideId', '=', guideId)
    .orderBy('periods.dayOne', 'desc')
    .orderBy('periods.id')
    .execute();
}

/**
 * The expenses the caller may see, newest first, with the totals per departure. A guide: their own, and
 * a departure filter that is not theirs is 404. Staff: every guide's, filtered by guide, departure,
 * status and kind.
 */
export async function listGuideExpenses(
  db: Db,
  { caller, query, secret, now }: { caller: GuideCaller; query: GuideExpenseListQuery; secret: string; now: Date },
): Promise<GuideExpenseList> {
  if (caller.kind === 'none') return { viewer: 'guide', guides: [], departures: [], expenses: [], totals: [] };
  let rows = listedQuery(db);
  let departures: GuideExpenseList['departures'];
  let guides: GuideExpenseList['guides'] = [];
  if (caller.kind === 'guide') {
    departures = await guideDepartures(db, caller.guide.id);
    if (query.periodId && !departures.some((d) => d.periodId === query.periodId)) throw periodNotFound();
    rows = rows.where('guideExpenses.guideId', '=', caller.guide.id);
  } else {
    guides = await db.selectFrom('guides').select(['id', 'name', 'email', 'phone']).orderBy('name').orderBy('id').execute();
    departures = await periodTours(db)
      .select(['periods.id as periodId', 'tours.name as tourName', 'periods.dayOne'])
      .where('periods.id', 'in', db.selectFrom('guideExpenses').select('periodId'))
      .orderBy('periods.dayOne', 'desc')
      .orderBy('periods.id')
      .execute();
    if (query.guideId) rows = rows.where('guideExpenses.guideId', '=', query.guideId);
  }
  if (query.periodId) rows = rows.where('guideExpenses.periodId', '=', query.periodId);
  if (query.status) rows = rows.where('guideExpenses.status', '=', query.status);
  if (query.kind) rows = rows.where('guideExpenses.kind', '=', query.kind);
  const found = await rows.orderBy('guideExpenses.spentOn', 'desc').orderBy('guideExpenses.createdAt', 'desc').orderBy('guideExpenses.id').execute();
  return {
    viewer: caller.kind,
    guides,
    departures,
    expenses: found.map((row) => view(row, { secret, now })),
    totals: departureTotals(found),
  };
}

/** One expense: the guide's own, or any for staff; else 404. */
export async function guideExpenseView(
  db: Db,
  { caller, id, secret, now }: { caller: GuideCaller; id: string; secret: string; now: Date },
): Promise<GuideExpenseView> {
  if (caller.kind === 'none') throw expenseNotFound();
  let query = listedQuery(db).where('guideExpenses.id', '=', id);
  if (caller.kind === 'guide') query = query.where('guideExpenses.guideId', '=', caller.guide.id);
  const row = await query.executeTakeFirst();
  if (!row) throw expenseNotFound();
  return view(row, { secret, now });
}

/**
 * Records a guide's expense with its receipt photo (the CMS upload pipeline: type from the bytes, size
 * limit, a safe name, variants; kept private, reached only through signed links). The same press twice
 * (request id) records it once and answers the first one.
 */
export async function registerGuideExpense(
  db: Db,
  {
    caller,
    input,
    receipt,
    config,
    now,
  }: { caller: GuideCaller; input: GuideExpenseInput; receipt: ReceiptPhoto | null; config: Pick<Config, 'filesDir' | 'authSecret'>; now: Date },
): Promise<{ applied: boolean; expense: GuideExpenseView }> {
  if (caller.kind !== 'guide') throw new AppError('FORBIDDEN', GUIDE_TOOL_MESSAGES.notAGuide);
  const ctx = { caller, secret: config.authSecret, now };
  const earlier = await db.selectFrom('guideExpenses').select(['id', 'guideId']).where('requestId', '=', input.requestId).executeTakeFirst();
  if (earlier?.guideId === caller.guide.id) return { applied: false, expense: await guideExpenseView(db, { ...ctx, id: earlier.id }) };
  const mine = await db
    .selectFrom('guidePeriods')
    .select('periodId')
    .where('guideId', '=', caller.guide.id)
    .where('periodId', '=', input.periodId)
    .executeTakeFirst();
  if (!mine) throw periodNotFound();
  if (!receipt) throw invalidFields({ receipt: GUIDE_TOOL_MESSAGES.receiptRequired }, GUIDE_TOOL_MESSAGES.receiptRequired);
  if (receipt.bytes.byteLength > RECEIPT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', GUIDE_TOOL_MESSAGES.receiptTooLarge, { receipt: GUIDE_TOOL_MESSAGES.receiptTooLarge });
  if (!detectImageType(receipt.bytes)) throw invalidFields({ receipt: GUIDE_TOOL_MESSAGES.receiptNotImage }, GUIDE_TOOL_MESSAGES.receiptNotImage);
  const id = crypto.randomUUID();
  const folder = `receipts/${caller.guide.id}/${id}`;
  const stored = await storeUploadedImage({
    filesDir: config.filesDir,
    // The variants stay private with the original: a receipt is never a public image.
    mediaDir: join(config.filesDir, 'receipt-variants'),
    folder,
    name: receipt.name,
    bytes: receipt.bytes,
    maxBytes: RECEIPT_MAX_BYTES,
    secret: config.authSecret,
    now,
  }).catch(async (error: unknown) => {
    await rm(join(config.filesDir, folder), { recursive: true, force: true });
    // Size and type were checked above: what the pipeline still refuses is a file that does not decode.
    throw error instanceof AppError ? invalidFields({ receipt: GUIDE_TOOL_MESSAGES.receiptUnreadable }, GUIDE_TOOL_MESSAGES.receiptUnreadable) : error;
  });
  try {
    await db
      .insertInto('guideExpenses')
      .values({
        id,
        guideId: caller.guide.id,
        periodId: input.periodId,
        kind: input.kind,
        concept: input.concept,
        amount: input.amount,
        curency: input.curency,
        exchangeRate: input.exchangeRate,
        amountEurCents: euroCents(input.amount, input.exchangeRate),
        spentOn: input.spentOn,
        receipt: stored.key,
        status: 'PENDING',
        requestId: input.requestId,
        createdAt: now.toISOString(),
      })
      .execute();
  } catch (error) {
    await rm(join(config.filesDir, folder), { recursive: true, force: true });
    // The same press twice at once: the other one recorded it.
    const other = await db.selectFrom('guideExpenses').select(['id', 'guideId']).where('requestId', '=', input.requestId).executeTakeFirst();
    if (other?.guideId === caller.guide.id) return { applied: false, expense: await guideExpenseView(db, { ...ctx, id: other.id }) };
    throw error;
  }
  return { applied: true, expense: await guideExpenseView(db, { ...ctx, id }) };
}

/**
 * Staff approve or reject a pending expense (a rejection with its reason), recorded as an action on the
 * guide. A press already applied answers `applied: false`; an expense already decided is 409.
 */
export async function decideGuideExpense(
  db: Db,
  { id, decision, actor, secret, now }: { id: string; decision: ExpenseDecision; actor: Actor; secret: string; now: Date },
): Promise<{ applied: boolean; expense: GuideExpenseView }> {
  const before = await db.selectFrom('guideExpenses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw expenseNotFound();
  const answer = async (applied: boolean) => ({ applied, expense: await guideExpenseView(db, { caller: { kind: 'admin' }, id, secret, now }) });
  const reason = decision.reason || null;
  const applied = await applyOnce(
    db,
    { entityType: 'guide', entityId: before.guideId, requestId: decision.requestId, actor, now },
    async (trx, record) => {
      const changed = await trx
        .updateTable('guideExpenses')
        .set({ status: decision.status, decisionReason: reason, decidedAt: now.toISOString(), decidedBy: actor.email })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new AppError('CONFLICT', GUIDE_TOOL_MESSAGES.alreadyDecided);
      await record({
        action: decision.status === 'APPROVED' ? 'expense-approve' : 'expense-reject',
        reason,
        before: { expenseId: id, status: before.status },
        after: { expenseId: id, status: decision.status },
      });
      return true;
    },
    () => false,
  );
  return answer(applied);
}
