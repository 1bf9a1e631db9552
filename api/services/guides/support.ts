/**
 * The guides' support (/admin/guia/soporte): the office's contacts (the company info the shop shows
 * everywhere: phone, e-mail, hours) and the urgent-help form, which mails the office (GUIDE_HELP, to the
 * company's e-mail) through the outbox and is recorded in `guide_help_requests` with that mail.
 */
import { pathTo } from '#shared/routes.ts';
import { GUIDE_TOOL_MESSAGES, type GuideHelp, type GuideSupportView } from '#shared/schemas/guide-tools.ts';
import type { Db } from '../../db/database.ts';
import type { GuideRow } from '../../db/tables.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { queueMail } from '../mail/outbox.ts';

async function office(db: Db): Promise<GuideSupportView['office']> {
  const info = await db.selectFrom('companyInfo').select(['name', 'numberPhone', 'email', 'schedules']).orderBy('id').executeTakeFirst();
  return { name: info?.name ?? '', phone: info?.numberPhone ?? null, email: info?.email ?? null, schedules: info?.schedules ?? null };
}

async function departuresOf(db: Db, guideId: string) {
  return db
    .selectFrom('guidePeriods')
    .innerJoin('periods', 'periods.id', 'guidePeriods.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select(['periods.id as periodId', 'tours.name as tourName', 'periods.dayOne', 'periods.returnDate'])
    .where('guidePeriods.guideId', '=', guideId)
    .orderBy('periods.dayOne', 'desc')
    .orderBy('periods.id')
    .execute();
}

/** The office's contacts, and the departures the guide may say the help is about (none for staff). */
export async function guideSupportView(db: Db, guide: GuideRow | null): Promise<GuideSupportView> {
  const departures = guide ? await departuresOf(db, guide.id) : [];
  return { office: await office(db), departures: departures.map(({ periodId, tourName, dayOne }) => ({ periodId, tourName, dayOne })) };
}

/**
 * Queues the help mail to the office and records the request. A departure must be one of the guide's
 * (else the field is refused, as an unknown one); an office without an e-mail cannot be written to (503).
 */
export async function sendGuideHelp(
  db: Db,
  { guide, help, now, publicUrl }: { guide: GuideRow; help: GuideHelp; now: Date; publicUrl: string },
): Promise<{ id: string }> {
  const departure = help.periodId ? (await departuresOf(db, guide.id)).find((d) => d.periodId === help.periodId) : undefined;
  if (help.periodId && !departure) throw invalidFields({ periodId: GUIDE_TOOL_MESSAGES.chooseDeparture }, GUIDE_TOOL_MESSAGES.chooseDeparture);
  const { email } = await office(db);
  if (!email) throw new AppError('UNAVAILABLE', GUIDE_TOOL_MESSAGES.noOfficeAddress);
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const mail = await queueMail(trx, {
      type: 'GUIDE_HELP',
      to: email,
      data: {
        guideName: guide.name,
        guideEmail: guide.email,
        guidePhone: guide.phone,
        departure: departure ? { tourName: departure.tourName, dayOne: departure.dayOne, returnDate: departure.returnDate } : null,
        message: help.message,
        link: departure ? `${publicUrl.replace(/\/+$/, '')}${pathTo('admin-guide-period', { periodId: departure.periodId })}` : null,
      },
      now,
    });
    await trx
      .insertInto('guideHelpRequests')
      .values({
        id,
        guideId: guide.id,
        periodId: departure?.periodId ?? null,
        message: help.message,
        toAddress: email,
        mailId: mail.id,
        createdAt: now.toISOString(),
      })
      .execute();
  });
  return { id };
}
