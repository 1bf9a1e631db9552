/**
 * A departure's campaigns in the tour editor (storefront-and-booking.md, Campaign: a discount per person or
 * once per booking while it is in force): added, changed and removed once per press, recorded on the
 * departure. Bookings already made keep the amounts they were quoted.
 */
import { randomUUID } from 'node:crypto';
import { type CampaignInput, TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { type Actor, recordStaffAction, wasApplied } from './staff-actions.ts';
import { findPeriod, onePress } from './tour-periods.ts';

interface CampaignPress {
  tourId: string;
  periodId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

const campaignNotFound = () => notFound(TOUR_EDITOR_MESSAGES.campaignNotFound);

const stored = (c: CampaignInput) => ({
  name: c.name,
  valueCents: c.valueCents,
  validFromDate: c.validFromDate,
  validUntilDate: c.validUntilDate,
  discountAppliedPerTxt: c.discountAppliedPerTxt,
});

async function findCampaign(db: Db, periodId: string, campaignId: string) {
  const campaign = await db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).where('periodId', '=', periodId).executeTakeFirst();
  if (!campaign) throw campaignNotFound();
  return campaign;
}

export async function addCampaign(db: Db, { tourId, periodId, requestId, actor, now, input }: CampaignPress & { input: CampaignInput }) {
  if (await wasApplied(db, 'period', periodId, requestId)) return { applied: false };
  await findPeriod(db, tourId, periodId);
  const id = randomUUID();
  const write = db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campaigns')
      .values({ id, periodId, ...stored(input) })
      .execute();
    await recordStaffAction(
      trx,
      { entityType: 'period', entityId: periodId, action: 'campaign-add', actor, requestId, before: null, after: { id, ...stored(input) } },
      now,
    );
  });
  return { applied: await onePress(db, periodId, requestId, write) };
}

export async function updateCampaign(
  db: Db,
  { tourId, periodId, requestId, actor, now, campaignId, input }: CampaignPress & { campaignId: string; input: CampaignInput },
) {
  if (await wasApplied(db, 'period', periodId, requestId)) return { applied: false };
  await findPeriod(db, tourId, periodId);
  const campaign = await findCampaign(db, periodId, campaignId);
  const before = stored({ ...campaign, discountAppliedPerTxt: campaign.discountAppliedPerTxt });
  if (JSON.stringify(before) === JSON.stringify(stored(input))) return { applied: false };
  const write = db.transaction().execute(async (trx) => {
    await trx.updateTable('campaigns').set(stored(input)).where('id', '=', campaignId).execute();
    await recordStaffAction(
      trx,
      {
        entityType: 'period',
        entityId: periodId,
        action: 'campaign-update',
        actor,
        requestId,
        before: { id: campaignId, ...before },
        after: { id: campaignId, ...stored(input) },
      },
      now,
    );
  });
  return { applied: await onePress(db, periodId, requestId, write) };
}

export async function removeCampaign(db: Db, { tourId, periodId, requestId, actor, now, campaignId }: CampaignPress & { campaignId: string }) {
  if (await wasApplied(db, 'period', periodId, requestId)) return { applied: false };
  await findPeriod(db, tourId, periodId);
  const campaign = await findCampaign(db, periodId, campaignId);
  const write = db.transaction().execute(async (trx) => {
    await trx.deleteFrom('campaigns').where('id', '=', campaignId).execute();
    await recordStaffAction(
      trx,
      { entityType: 'period', entityId: periodId, action: 'campaign-remove', actor, requestId, before: { id: campaignId, ...stored(campaign) }, after: null },
      now,
    );
  });
  return { applied: await onePress(db, periodId, requestId, write) };
}
