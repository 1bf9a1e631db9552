/**
 * A departure's campaigns in the tour editor (storefront-and-booking.md, Campaign: a discount per person or
 * once per booking while it is in force): added, changed and removed once per press, recorded on the
 * departure. Bookings already made keep the amounts they were quoted.
 */
import { randomUUID } from 'node:crypto';
import type { CampaignInput } from '#shared/schemas/tour-editor.ts';
import { TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import { onPeriod, type PeriodPress as CampaignPress } from './tour-periods.ts';

const campaignNotFound = () => notFound(TOUR_EDITOR_MESSAGES.campaignNotFound);

const stored = (c: CampaignInput) => ({
  name: c.name,
  valueCents: c.valueCents,
  validFromDate: c.validFromDate,
  validUntilDate: c.validUntilDate,
  discountAppliedPerTxt: c.discountAppliedPerTxt,
});

async function findCampaign(db: Db | Trx, periodId: string, campaignId: string) {
  const campaign = await db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).where('periodId', '=', periodId).executeTakeFirst();
  if (!campaign) throw campaignNotFound();
  return campaign;
}

export async function addCampaign(db: Db, { input, ...press }: CampaignPress & { input: CampaignInput }) {
  const applied = await onPeriod(db, press, async (trx, record) => {
    const id = randomUUID();
    await trx
      .insertInto('campaigns')
      .values({ id, periodId: press.periodId, ...stored(input) })
      .execute();
    await record({ action: 'campaign-add', before: null, after: { id, ...stored(input) } });
    return true;
  });
  return { applied };
}

export async function updateCampaign(db: Db, { campaignId, input, ...press }: CampaignPress & { campaignId: string; input: CampaignInput }) {
  const applied = await onPeriod(db, press, async (trx, record) => {
    const campaign = await findCampaign(trx, press.periodId, campaignId);
    const before = stored({ ...campaign, discountAppliedPerTxt: campaign.discountAppliedPerTxt });
    if (JSON.stringify(before) === JSON.stringify(stored(input))) return false;
    await trx.updateTable('campaigns').set(stored(input)).where('id', '=', campaignId).execute();
    await record({ action: 'campaign-update', before: { id: campaignId, ...before }, after: { id: campaignId, ...stored(input) } });
    return true;
  });
  return { applied };
}

export async function removeCampaign(db: Db, { campaignId, ...press }: CampaignPress & { campaignId: string }) {
  const applied = await onPeriod(db, press, async (trx, record) => {
    const campaign = await findCampaign(trx, press.periodId, campaignId);
    await trx.deleteFrom('campaigns').where('id', '=', campaignId).execute();
    await record({ action: 'campaign-remove', before: { id: campaignId, ...stored(campaign) }, after: null });
    return true;
  });
  return { applied };
}
