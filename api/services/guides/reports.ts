/**
 * The guide's report of a departure (/admin/guias/{periodId}/calificar/{guideId}): a few 1–5 ratings of
 * the travellers' experience (the group, the hotels, the activities, the transport), a comment, and the
 * guide's report. One per guide and departure; the guide writes and corrects it from the departure's first
 * day until REPORT_EDITABLE_DAYS_AFTER_RETURN days after its return; staff read it on the departure.
 * Anyone else, or a departure the guide does not lead, is 404.
 */
import { addDays } from '#shared/rules/dates.ts';
import {
  GUIDE_TOOL_MESSAGES,
  type GuideReportInput,
  type GuideReportList,
  type GuideReportScreen,
  type GuideReportView,
  REPORT_EDITABLE_DAYS_AFTER_RETURN,
} from '#shared/schemas/guide-tools.ts';
import type { Db } from '../../db/database.ts';
import type { GuideReportRow } from '../../db/tables.ts';
import { AppError, notFound } from '../../errors.ts';
import type { GuideCaller } from './caller.ts';

const notYours = () => notFound(GUIDE_TOOL_MESSAGES.periodNotFound);

const view = (row: GuideReportRow & { guideName: string }): GuideReportView => ({
  guideId: row.guideId,
  guideName: row.guideName,
  rateGroup: row.rateGroup,
  rateAccommodation: row.rateAccommodation,
  rateActivities: row.rateActivities,
  rateTransport: row.rateTransport,
  comment: row.comment,
  report: row.report,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const reportsOf = (db: Db, periodId: string) =>
  db
    .selectFrom('guideReports')
    .innerJoin('guides', 'guides.id', 'guideReports.guideId')
    .selectAll('guideReports')
    .select('guides.name as guideName')
    .where('periodId', '=', periodId);

/**
 * The departure and guide of a report screen, if the caller may see it: the guide themself when they lead
 * the departure, or staff for any guide who leads it. Else 404.
 */
async function reportTarget(db: Db, caller: GuideCaller, periodId: string, guideId: string) {
  if (caller.kind === 'none' || (caller.kind === 'guide' && caller.guide.id !== guideId)) throw notYours();
  const row = await db
    .selectFrom('guidePeriods')
    .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
    .innerJoin('periods', 'periods.id', 'guidePeriods.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select(['periods.id as periodId', 'periods.dayOne', 'periods.returnDate', 'tours.name as tourName', 'guides.id as guideId', 'guides.name as guideName'])
    .where('guidePeriods.periodId', '=', periodId)
    .where('guidePeriods.guideId', '=', guideId)
    .executeTakeFirst();
  if (!row) throw notYours();
  return row;
}

const windowOf = (period: { dayOne: string; returnDate: string }) => ({
  opensOn: period.dayOne,
  closesOn: addDays({ date: period.returnDate, days: REPORT_EDITABLE_DAYS_AFTER_RETURN }),
});

export async function guideReportScreen(
  db: Db,
  { caller, periodId, guideId, today }: { caller: GuideCaller; periodId: string; guideId: string; today: string },
): Promise<GuideReportScreen> {
  const target = await reportTarget(db, caller, periodId, guideId);
  const row = await reportsOf(db, periodId).where('guideReports.guideId', '=', guideId).executeTakeFirst();
  const { opensOn, closesOn } = windowOf(target);
  return {
    period: { id: target.periodId, tourName: target.tourName, dayOne: target.dayOne, returnDate: target.returnDate },
    guide: { id: target.guideId, name: target.guideName },
    report: row ? view(row) : null,
    opensOn,
    closesOn,
    editable: caller.kind === 'guide' && today >= opensOn && today <= closesOn,
  };
}

/**
 * Saves the guide's report (created, or corrected with the same request any number of times: pressing
 * 'Guardar' twice leaves one report). Staff may read but not write it (403); outside the window, 409.
 */
export async function saveGuideReport(
  db: Db,
  {
    caller,
    periodId,
    guideId,
    input,
    today,
    now,
  }: { caller: GuideCaller; periodId: string; guideId: string; input: GuideReportInput; today: string; now: Date },
): Promise<GuideReportScreen> {
  const target = await reportTarget(db, caller, periodId, guideId);
  if (caller.kind !== 'guide') throw new AppError('FORBIDDEN', GUIDE_TOOL_MESSAGES.notAGuide);
  const { opensOn, closesOn } = windowOf(target);
  if (today < opensOn) throw new AppError('CONFLICT', GUIDE_TOOL_MESSAGES.reportNotYet);
  if (today > closesOn) throw new AppError('CONFLICT', GUIDE_TOOL_MESSAGES.reportClosed);
  const at = now.toISOString();
  const values = { ...input, updatedAt: at };
  await db
    .insertInto('guideReports')
    .values({ periodId, guideId, ...values, createdAt: at })
    .onConflict((oc) => oc.columns(['periodId', 'guideId']).doUpdateSet(values))
    .execute();
  return guideReportScreen(db, { caller, periodId, guideId, today });
}

/** A departure's reports for its screen: staff see every guide's, a guide who leads it their own; else 404. */
export async function departureReports(db: Db, { caller, periodId }: { caller: GuideCaller; periodId: string }): Promise<GuideReportList> {
  if (caller.kind === 'none') throw notYours();
  if (caller.kind === 'admin') {
    const period = await db.selectFrom('periods').select('id').where('id', '=', periodId).executeTakeFirst();
    if (!period) throw notYours();
    const rows = await reportsOf(db, periodId).orderBy('guides.name').orderBy('guideReports.guideId').execute();
    return { ownGuideId: null, reports: rows.map(view) };
  }
  const assigned = await db
    .selectFrom('guidePeriods')
    .select('periodId')
    .where('guideId', '=', caller.guide.id)
    .where('periodId', '=', periodId)
    .executeTakeFirst();
  if (!assigned) throw notYours();
  const rows = await reportsOf(db, periodId).where('guideReports.guideId', '=', caller.guide.id).execute();
  return { ownGuideId: caller.guide.id, reports: rows.map(view) };
}
