import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { z } from 'zod';
import {
  AddActivitySchema,
  BOOKING_DESK_MESSAGES,
  BOOKING_DOCUMENT_KINDS,
  BOOKING_DOCUMENT_MAX_BYTES,
  BookingMailSchema,
  BudgetListQuerySchema,
  CompensationSchema,
  PeriodNoticeSchema,
  TravellerEditSchema,
} from '#shared/schemas/booking-desk.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { activityOptions, addActivity, compensate, editTraveller, readDocument, uploadDocument } from '../services/bookings/edits.ts';
import { notifyPeriod, sendBookingMail } from '../services/bookings/mails.ts';
import { bookingDetail, listBudgets } from '../services/bookings/desk.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const KeyQuery = z.object({ key: z.string().min(1).max(400) });
const RequestId = z.string().trim().min(8).max(100);
const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });
/** Room for the multipart envelope around the largest document allowed. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `/api/admin`, admins only: the booking page's further actions (mails again, a traveller's data, an
 * optional activity, a compensation in points, the traveller's documents) and a departure's notifications.
 * Each answers whether it was applied (a replayed press was not) and the booking as it is now.
 */
export function adminBookingDeskRoutes({ db, config, rebuilds }: AppDeps) {
  const answer = async (id: string, applied: boolean) => ({ applied, detail: await bookingDetail(db, id) });
  return new Hono<ApiEnv>()
    .post('/bookings/:id/mails', allow('admin'), validate('param', IdParam), validate('json', BookingMailSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { applied, to } = await sendBookingMail(
        { db, config },
        { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
      );
      return c.json({ ...(await answer(id, applied)), to });
    })
    .post('/bookings/:id/traveller', allow('admin'), validate('param', IdParam), validate('json', TravellerEditSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { applied } = await editTraveller(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
      return c.json(await answer(id, applied));
    })
    .get('/bookings/:id/activities', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ activities: await activityOptions(db, c.req.valid('param').id) });
    })
    .post('/bookings/:id/activity', allow('admin'), validate('param', IdParam), validate('json', AddActivitySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { applied, result } = await addActivity(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
      // The activity's seats left show on the tour page at the next build; the live figures are right at once.
      if (applied) rebuilds?.request(`reserva ${id}: actividad ${result?.activityId ?? ''}`);
      return c.json(await answer(id, applied));
    })
    .post('/bookings/:id/compensation', allow('admin'), validate('param', IdParam), validate('json', CompensationSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { applied } = await compensate(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
      return c.json(await answer(id, applied));
    })
    .post(
      '/bookings/:id/documents',
      allow('admin'),
      validate('param', IdParam),
      bodyLimit({
        maxSize: BOOKING_DOCUMENT_MAX_BYTES + ENVELOPE_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', BOOKING_DESK_MESSAGES.file, { file: BOOKING_DESK_MESSAGES.file });
        },
      }),
      // Checked below with the documents' own messages; declared so the island's client knows the form.
      validator('form', (value) => value as { requestId: string; kind: string; file: File }),
      async (c) => {
        const { id } = c.req.valid('param');
        const form = c.req.valid('form');
        const file = form.file as unknown;
        if (!(file instanceof File) || file.size === 0) throw invalidFields({ file: BOOKING_DESK_MESSAGES.file }, BOOKING_DESK_MESSAGES.file);
        const requestId = RequestId.safeParse(form.requestId);
        const kind = z.enum(Object.keys(BOOKING_DOCUMENT_KINDS) as ['ETICKET', 'DOCUMENT']).safeParse(form.kind);
        if (!requestId.success || !kind.success) throw invalidFields({ kind: 'Elige qué es el documento.' });
        const { applied } = await uploadDocument(
          { db, filesDir: config.filesDir },
          {
            bookingId: id,
            requestId: requestId.data,
            name: file.name,
            kind: kind.data,
            bytes: new Uint8Array(await file.arrayBuffer()),
            actor: actorOf(c.var.auth),
            now: new Date(),
          },
        );
        return c.json(await answer(id, applied), applied ? 201 : 200);
      },
    )
    .get('/bookings/:id/documents/file', allow('admin'), validate('param', IdParam), validate('query', KeyQuery), async (c) => {
      const doc = await readDocument(db, { filesDir: config.filesDir, bookingId: c.req.valid('param').id, key: c.req.valid('query').key });
      c.header('Content-Type', doc.contentType);
      c.header('Content-Disposition', `attachment; filename="${doc.name}"`);
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(new Uint8Array(doc.bytes));
    })
    .get('/budgets', allow('admin'), validate('query', BudgetListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listBudgets(db, c.req.valid('query')));
    })
    .post('/periods/:id/notifications', allow('admin'), validate('param', IdParam), validate('json', PeriodNoticeSchema), async (c) => {
      const result = await notifyPeriod(
        { db, config },
        { periodId: c.req.valid('param').id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
      );
      return c.json(result);
    });
}
