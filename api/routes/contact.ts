import { Hono } from 'hono';
import { ContactRequestSchema } from '#shared/schemas/contact.ts';
import type { AppDeps } from '../app.ts';
import { createContactRequest } from '../services/contact-requests.ts';
import { validate } from '../validation.ts';

/** `POST /api/contact`: a visitor's question about a tour or in general; answers 201 `{ id }`. */
export function contactRoutes({ db }: AppDeps) {
  return new Hono().post('/', validate('json', ContactRequestSchema), async (c) => {
    const created = await createContactRequest(db, { request: c.req.valid('json'), now: new Date() });
    return c.json(created, 201);
  });
}
