import { CONTACT_MESSAGES, type ContactRequest } from '#shared/schemas/contact.ts';
import type { Config } from '../../config.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { invalidFields } from '../../errors.ts';
import { queueMail } from './outbox.ts';

/**
 * Stores a visitor's question (a ContactTour) and tells the office by mail (issue 33), in one transaction. A
 * tour id must name an existing tour; its name is filled in when the form sent only the id, so staff see which
 * trip the question is about. A signed-in traveller's question is theirs (they read the replies in /perfil).
 * The same form sent again after a lost answer (its request id) stores one question.
 */
export async function createContactRequest(
  db: Db,
  { request, travelerId = null, config, now }: { request: ContactRequest; travelerId?: string | null; config: Pick<Config, 'publicUrl'>; now: Date },
): Promise<{ id: string }> {
  const earlier = async () =>
    request.requestId ? await db.selectFrom('contactTours').select('id').where('requestId', '=', request.requestId).executeTakeFirst() : undefined;
  const before = await earlier();
  if (before) return { id: before.id };
  let tourName = request.tourName;
  if (request.tourId !== null) {
    const tour = await db.selectFrom('tours').select(['name']).where('id', '=', request.tourId).executeTakeFirst();
    if (!tour) throw invalidFields({ tourId: 'El viaje indicado no existe' });
    tourName ??= tour.name;
  }
  // A departure belongs to the question's tour: one of another tour, or without a tour, is refused.
  let dayOne: string | null = null;
  if (request.periodId !== null) {
    const period = await db.selectFrom('periods').select(['dayOne', 'tourId']).where('id', '=', request.periodId).executeTakeFirst();
    if (!period || period.tourId !== request.tourId) throw invalidFields({ periodId: CONTACT_MESSAGES.periodId });
    dayOne = period.dayOne;
  }
  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contactTours')
        .values({
          id,
          question: request.question,
          tourName,
          tourId: request.tourId,
          periodId: request.periodId,
          travelerId,
          name: request.name,
          surname: request.surname,
          email: request.email,
          phone: request.phone,
          status: 'NEW',
          requestId: request.requestId ?? null,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      const office = await trx.selectFrom('companyInfo').select('email').orderBy('id').executeTakeFirst();
      if (office?.email)
        await queueMail(trx, {
          type: 'CONTACT_QUESTION',
          to: office.email,
          now,
          data: {
            name: [request.name, request.surname].filter(Boolean).join(' '),
            email: request.email,
            phone: request.phone,
            tourName,
            dayOne,
            question: request.question,
            link: `${config.publicUrl.replace(/\/+$/, '')}/admin/consultas/${encodeURIComponent(id)}`,
          },
        });
    });
  } catch (error) {
    // The same form twice at once: the other one stored it.
    const twin = isUniqueViolation(error) ? await earlier() : undefined;
    if (twin) return { id: twin.id };
    throw error;
  }
  return { id };
}
