/**
 * Staff assign guides to a departure (/admin/tour/{tourID}/guide/{periodID}; cms-and-backoffice.md §3
 * Guide: "periods"): add or remove a guide (co-guides allowed). Each press is recorded in `staff_actions`
 * (entity 'period') in the same transaction as its change and applied once per request id; the guide is
 * told by mail (GUIDE_ASSIGNMENT) in that transaction too, only when the press really added the row, so
 * one assignment sends one mail (removing and assigning again is a new assignment, and a new mail).
 */
import { periodTours } from '../catalogue/trips.ts';
import { pathTo } from '#shared/routes.ts';
import { GUIDE_TOOL_MESSAGES, type GuideAssignmentView } from '#shared/schemas/guide-tools.ts';
import type { GuideSummary } from '#shared/schemas/guides.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { queueMail } from '../mail/outbox.ts';

const ACTIONS = { assign: 'guide-assign', remove: 'guide-remove' } as const;

async function findDeparture(db: Db, tourId: string, periodId: string) {
  const row = await periodTours(db)
    .select(['periods.id', 'periods.tourId', 'tours.name as tourName', 'periods.dayOne', 'periods.returnDate'])
    .where('periods.id', '=', periodId)
    .where('periods.tourId', '=', tourId)
    .executeTakeFirst();
  if (!row) throw notFound(GUIDE_TOOL_MESSAGES.periodNotFound);
  return row;
}

const allGuides = (db: Db): Promise<GuideSummary[]> => db.selectFrom('guides').select(['id', 'name', 'email', 'phone']).orderBy('name').orderBy('id').execute();

/** The departure, its guides, every guide and what staff did to its guides. 404 for a departure not of the tour. */
export async function guideAssignmentView(db: Db, { tourId, periodId }: { tourId: string; periodId: string }): Promise<GuideAssignmentView> {
  const period = await findDeparture(db, tourId, periodId);
  const [assigned, guides, actions] = await Promise.all([
    db
      .selectFrom('guidePeriods')
      .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
      .select(['guides.id', 'guides.name', 'guides.email', 'guides.phone'])
      .where('guidePeriods.periodId', '=', periodId)
      .orderBy('guides.name')
      .orderBy('guides.id')
      .execute(),
    allGuides(db),
    db
      .selectFrom('staffActions')
      .select(['id', 'action', 'actorEmail', 'after', 'before', 'createdAt'])
      .where('entityType', '=', 'period')
      .where('entityId', '=', periodId)
      .where('action', 'in', [ACTIONS.assign, ACTIONS.remove])
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  const nameOf = new Map(guides.map((g) => [g.id, g.name]));
  return {
    period,
    assigned,
    guides,
    history: actions.map((a) => {
      const guideId = (JSON.parse(a.after ?? a.before ?? '{}') as { guideId?: string }).guideId ?? null;
      return { id: a.id, action: a.action, actorEmail: a.actorEmail, guideName: guideId ? (nameOf.get(guideId) ?? null) : null, createdAt: a.createdAt };
    }),
  };
}

interface Press {
  tourId: string;
  periodId: string;
  guideId: string;
  requestId: string;
  actor: Actor;
  now: Date;
  publicUrl: string;
}

/**
 * Assigns a guide to a departure and queues the guide's mail. Answers `applied: false` for a press already
 * applied or a guide already assigned (nothing recorded, no second mail).
 */
export async function assignGuide(db: Db, press: Press): Promise<{ applied: boolean; mailed: boolean }> {
  const { tourId, periodId, guideId, requestId, actor, now, publicUrl } = press;
  const period = await findDeparture(db, tourId, periodId);
  return applyOnce(
    db,
    { entityType: 'period', entityId: periodId, requestId, actor, now },
    async (trx, record) => {
      const guide = await trx.selectFrom('guides').select(['id', 'name', 'email']).where('id', '=', guideId).executeTakeFirst();
      if (!guide) throw invalidFields({ guideId: GUIDE_TOOL_MESSAGES.guideNotFound }, GUIDE_TOOL_MESSAGES.guideNotFound);
      const added = await trx
        .insertInto('guidePeriods')
        .values({ guideId, periodId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0n) !== 1) return { applied: false, mailed: false };
      await queueMail(trx, {
        type: 'GUIDE_ASSIGNMENT',
        to: guide.email,
        data: {
          guideName: guide.name,
          tourName: period.tourName,
          dayOne: period.dayOne,
          returnDate: period.returnDate,
          link: `${publicUrl.replace(/\/+$/, '')}${pathTo('admin-guide-period', { periodId })}`,
        },
        now,
      });
      await record({ action: ACTIONS.assign, before: null, after: { guideId, mailed: true } });
      return { applied: true, mailed: true };
    },
    () => ({ applied: false, mailed: false }),
  );
}

/** Takes a guide off a departure. `applied: false` for a press already applied or a guide not assigned. */
export async function removeGuide(db: Db, press: Omit<Press, 'publicUrl'>): Promise<{ applied: boolean; mailed: boolean }> {
  const { tourId, periodId, guideId, requestId, actor, now } = press;
  await findDeparture(db, tourId, periodId);
  return applyOnce(
    db,
    { entityType: 'period', entityId: periodId, requestId, actor, now },
    async (trx, record) => {
      const removed = await trx.deleteFrom('guidePeriods').where('guideId', '=', guideId).where('periodId', '=', periodId).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return { applied: false, mailed: false };
      await record({ action: ACTIONS.remove, before: { guideId }, after: null });
      return { applied: true, mailed: false };
    },
    () => ({ applied: false, mailed: false }),
  );
}
