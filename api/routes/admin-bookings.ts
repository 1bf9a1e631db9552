import { stringify } from 'csv-stringify';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { stream } from 'hono/streaming';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_ACTIONS, BookingActionSchema, BookingListQuerySchema, RefundSchema } from '#shared/schemas/backoffice.ts';
import { BOOKING_STATUS_LABELS, BOOKING_DOCUMENT_KINDS } from '#shared/schemas/labels.ts';
import {
  AddActivitySchema,
  BOOKING_DESK_MESSAGES,
  BOOKING_DOCUMENT_MAX_BYTES,
  BookingMailSchema,
  CompensationSchema,
  TravellerEditSchema,
} from '#shared/schemas/booking-desk.ts';
import { AgencyMailSchema } from '#shared/schemas/retailers.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { AppError, invalidFields, notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { sendAgencyMail } from '../services/bookings/agency-mail.ts';
import { applyBookingAction, bookingDetail, bookingFilterOptions, exportBookings, listBookings } from '../services/bookings/desk.ts';
import { activityOptions, addActivity, compensate, editTraveller, readDocument, uploadDocument } from '../services/bookings/edits.ts';
import { sendBookingMail } from '../services/bookings/mails.ts';
import { tourPagesChange } from '../services/catalogue/tour-editor.ts';
import { refundPayment } from '../services/payments/refunds.ts';
import { recordStaffPayment } from '../services/payments/recorded.ts';
import { setBookingAgency } from '../services/people/agency-sales.ts';
import { AgencyAttachSchema } from '#shared/schemas/retailers.ts';
import { RecordPaymentSchema } from '#shared/schemas/recorded-payments.ts';
import { IdParam, validate } from '../validation.ts';

const ActionParam = IdParam.extend({ action: z.enum(BOOKING_ACTIONS) });
const KeyQuery = z.object({ key: z.string().min(1).max(400) });
const RequestId = z.string().trim().min(8).max(100);
/** Room for the multipart envelope around the largest document allowed. */
const ENVELOPE_BYTES = 64 * 1024;

const CSV_COLUMNS = [
  ['differentId', 'Referencia'],
  ['tkId', 'tkId'],
  ['status', 'Estado'],
  ['createdAt', 'Fecha de reserva'],
  ['tourName', 'Tour'],
  ['dayOne', 'Salida'],
  ['returnDate', 'Regreso'],
  ['leadName', 'Titular'],
  ['email', 'Correo'],
  ['phone', 'Teléfono'],
  ['retailerName', 'Agencia'],
  ['travellers', 'Viajeros'],
  ['price', 'Importe'],
  ['paid', 'Pagado'],
] as const;

/**
 * `/api/admin/bookings`, admins only (group drAdmin): the bookings desk (list, filter options, CSV export),
 * one booking, and every staff action on it — the state changes of `/:id/:action`, a refund, mails again,
 * the agency's mail, a passenger's data, an optional activity, a compensation in points, the documents.
 * Each press answers whether it was applied (a replayed press was not) and the booking as it is now. The
 * named actions come before `/:id/:action`, which would otherwise take them as unknown actions. Lists and
 * detail are never cached.
 */
export function adminBookingRoutes({ db, config, rebuilds }: AppDeps) {
  const answer = async (id: string, applied: boolean) => ({ applied, detail: await bookingDetail(db, id) });
  // Seats given back or taken (a cancellation, a review of a booking on request, an activity added) show on the
  // tour's static pages: its page and the listings' cards. Those pages alone are rendered again, as the tour
  // editor's changes are (seats move no tour between listings); the live seats the tour page loads from the
  // API are right at once.
  const republishTour = async (tourId: string, reason: string) => {
    const change = rebuilds ? await tourPagesChange(db, tourId, { now: new Date() }) : null;
    if (change) rebuilds?.publish(change, reason);
  };
  return (
    new Hono<ApiEnv>()
      .get('/', allow('admin'), validate('query', BookingListQuerySchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listBookings(db, c.req.valid('query')));
      })
      .get('/options', allow('admin'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await bookingFilterOptions(db));
      })
      .get('/export.csv', allow('admin'), validate('query', BookingListQuerySchema), (c) => {
        const query = c.req.valid('query');
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="reservas-${new Date().toISOString().slice(0, 10)}.csv"`);
        c.header('Cache-Control', 'no-store');
        return stream(c, async (out) => {
          // A byte-order mark, so spreadsheet programs read the accents as UTF-8.
          await out.write('\uFEFF');
          const csv = stringify({ header: true, columns: CSV_COLUMNS.map(([key, header]) => ({ key, header })) });
          csv.on('data', (chunk: Buffer) => void out.write(chunk));
          const done = new Promise<void>((resolve, reject) => {
            csv.on('end', resolve);
            csv.on('error', reject);
          });
          for await (const row of exportBookings(db, query)) {
            csv.write({
              ...row,
              status: BOOKING_STATUS_LABELS[row.status],
              price: formatEuros(row.priceCents),
              paid: formatEuros(row.paidCents),
            });
          }
          csv.end();
          await done;
        });
      })
      .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await bookingDetail(db, c.req.valid('param').id));
      })
      .post('/:id/refund', allow('admin'), validate('param', IdParam), validate('json', RefundSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, paymentId, amount, reason } = c.req.valid('json');
        const { applied } = await refundPayment(
          { db, config },
          { bookingId: id, request: { requestId, paymentId, amountCents: amount, reason }, actor: actorOf(c.var.auth), now: new Date() },
        );
        return c.json(await answer(id, applied));
      })
      // Money that did not go through the terminal (docs/decisions/042): a transfer, cash, card at the office, an agency's settlement.
      .post('/:id/payments', allow('admin'), validate('param', IdParam), validate('json', RecordPaymentSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied } = await recordStaffPayment(
          { db, config },
          { bookingId: id, input: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
        );
        return c.json(await answer(id, applied));
      })
      // The booking handed to an agency, or to none (docs/decisions/042).
      .put('/:id/agency', allow('admin'), validate('param', IdParam), validate('json', AgencyAttachSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied } = await setBookingAgency(db, { bookingId: id, ...c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer(id, applied));
      })
      .post('/:id/mails', allow('admin'), validate('param', IdParam), validate('json', BookingMailSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied, to } = await sendBookingMail(
          { db, config },
          { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
        );
        return c.json({ ...(await answer(id, applied)), to });
      })
      // The spec's `/v2/different/booking/notification/agency/{id}`. It lives with the booking, not the agency:
      // the booking names its agency, the press is recorded in the booking's log and the mail among its mails.
      .post('/:id/notify-agency', allow('admin'), validate('param', IdParam), validate('json', AgencyMailSchema), async (c) => {
        const sent = await sendAgencyMail(db, {
          bookingId: c.req.valid('param').id,
          requestId: c.req.valid('json').requestId,
          actor: actorOf(c.var.auth),
          now: new Date(),
        });
        return c.json(sent, sent.applied ? 201 : 200);
      })
      .post('/:id/traveller', allow('admin'), validate('param', IdParam), validate('json', TravellerEditSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied } = await editTraveller(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer(id, applied));
      })
      .get('/:id/activities', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ activities: await activityOptions(db, c.req.valid('param').id) });
      })
      .post('/:id/activity', allow('admin'), validate('param', IdParam), validate('json', AddActivitySchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied, result } = await addActivity(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        const answered = await answer(id, applied);
        if (applied) await republishTour(answered.detail.booking.tourId, `reserva ${id}: actividad ${result?.activityId ?? ''}`);
        return c.json(answered);
      })
      .post('/:id/compensation', allow('admin'), validate('param', IdParam), validate('json', CompensationSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied } = await compensate(db, { bookingId: id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer(id, applied));
      })
      .post(
        '/:id/documents',
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
      .get('/:id/documents/file', allow('admin'), validate('param', IdParam), validate('query', KeyQuery), async (c) => {
        const doc = await readDocument(db, { filesDir: config.filesDir, bookingId: c.req.valid('param').id, key: c.req.valid('query').key });
        c.header('Content-Type', doc.contentType);
        c.header('Content-Disposition', `attachment; filename="${doc.name}"`);
        c.header('Cache-Control', 'no-store');
        c.header('X-Content-Type-Options', 'nosniff');
        return c.body(new Uint8Array(doc.bytes));
      })
      .post(
        '/:id/:action',
        allow('admin'),
        validate('param', ActionParam, { invalid: () => notFound('Esa acción no existe.') }),
        validate('json', BookingActionSchema),
        async (c) => {
          const { id, action } = c.req.valid('param');
          const { applied, tourId } = await applyBookingAction(
            { db, config },
            { id, action, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
          );
          if (applied && (action === 'cancel' || action === 'reject-review' || action === 'approve-review'))
            await republishTour(tourId, `reserva ${id}: ${action} (tour ${tourId})`);
          return c.json(await answer(id, applied));
        },
      )
  );
}
