import type { ContactRequest } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields } from '../../errors.ts';

/**
 * Stores a visitor's question (a ContactTour). A tour id must name an existing tour; its name is filled
 * in when the form sent only the id, so staff see which trip the question is about.
 */
export async function createContactRequest(db: Db, { request, now }: { request: ContactRequest; now: Date }): Promise<{ id: string }> {
  let tourName = request.tourName;
  if (request.tourId !== null) {
    const tour = await db.selectFrom('tours').select(['name']).where('id', '=', request.tourId).executeTakeFirst();
    if (!tour) throw invalidFields({ tourId: 'El viaje indicado no existe' });
    tourName ??= tour.name;
  }
  const id = crypto.randomUUID();
  await db
    .insertInto('contactTours')
    .values({
      id,
      question: request.question,
      tourName,
      tourId: request.tourId,
      travelerId: null,
      name: request.name,
      surname: request.surname,
      email: request.email,
      phone: request.phone,
      createdAt: now.toISOString(),
    })
    .execute();
  return { id };
}
