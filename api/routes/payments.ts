import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { StartPaymentSchema } from '#shared/schemas/payments.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import type { Db } from '../db/database.ts';
import { allow, authOf, ownsOrAdministers } from '../middleware/access.ts';
import { funnelBookingsOf, grantFunnelBooking } from '../services/bookings/funnel-access.ts';
import { findBooking } from '../services/bookings/queries.ts';
import type { Booking } from '../services/bookings/records.ts';
import { bookingNotFound } from '../services/bookings/records.ts';
import { DEFAULT_HOLD_MINUTES } from '../services/bookings/seat-holds.ts';
import { loadBookingDocument } from '../services/bookings/documents/booking-document.ts';
import { renderReceiptPdf } from '../services/bookings/documents/receipt.ts';
import { processRedsysNotification } from '../services/payments/notifications.ts';
import { startPayment } from '../services/payments/start.ts';
import { paymentNotFound, paymentOptions, paymentResult, receiptsList } from '../services/payments/views.ts';
import { validate } from '../validation.ts';
import { findVisibleBooking } from './bookings.ts';
import { sandboxRoutes } from './payments-sandbox.ts';

const BookingParam = z.strictObject({ bookingId: z.uuid() });
const LinkParam = z.strictObject({ bookingId: z.uuid(), tkId: z.string().trim().min(1).max(40) });
const PaymentParam = z.strictObject({ paymentId: z.uuid() });
const ReceiptParam = z.strictObject({ bookingId: z.uuid(), file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/i) });
const TkQuery = z.object({ tk: z.string().trim().max(40).optional() });

export interface PaymentRouteOptions {
  /** How long a card or Bizum payment holds the seats. */
  holdMinutes?: number;
}

/** The pay link: the booking with this id whose tkId is this one; anything else is the same 404. */
async function findLinkedBooking(db: Db, bookingId: string, tkId: string): Promise<Booking> {
  const row = await findBooking(db, bookingId);
  if (!row || row.tkId === null || row.tkId !== tkId) throw bookingNotFound();
  return row;
}

/** Receipts: the booking's owner, an admin, or whoever has its tkId (the link in the PAYMENT mail). */
async function findReceiptBooking(c: Context<ApiEnv>, db: Db, bookingId: string, tk: string | undefined): Promise<Booking> {
  const row = await findBooking(db, bookingId);
  if (!row) throw bookingNotFound();
  if (tk && row.tkId !== null && tk === row.tkId) return row;
  if (ownsOrAdministers(authOf(c), row.travelerId)) return row;
  throw bookingNotFound();
}

/**
 * Payments (shared/schemas/payments.ts): the pay step's options and start, the pay link, the terminal's
 * notification, a payment's result, receipts, and the built-in sandbox terminal.
 */
export function paymentRoutes(deps: AppDeps, { holdMinutes = DEFAULT_HOLD_MINUTES }: PaymentRouteOptions = {}) {
  const { db } = deps;
  const travelerOf = (c: Context<ApiEnv>) => authOf(c)?.travelerId ?? null;
  return (
    new Hono<ApiEnv>()
      .get('/booking/:bookingId', allow('public'), validate('param', BookingParam, { invalid: bookingNotFound }), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').bookingId);
        c.header('Cache-Control', 'no-store');
        return c.json(await paymentOptions(db, row, { now: new Date(), travelerId: travelerOf(c) }));
      })
      .post(
        '/booking/:bookingId',
        allow('public'),
        validate('param', BookingParam, { invalid: bookingNotFound }),
        validate('json', StartPaymentSchema),
        async (c) => {
          const row = await findVisibleBooking(c, deps, c.req.valid('param').bookingId);
          const now = new Date();
          const answer = await startPayment(deps, { row, input: c.req.valid('json'), auth: authOf(c), origin: 'WEB', now, holdMinutes });
          // This browser pays: back from the bank, its confirmation page reads the result even if its
          // session ran out meanwhile.
          await grantFunnelBooking(c, deps.config, row.id, now);
          return c.json(answer, 201);
        },
      )
      .get('/link/:bookingId/:tkId', allow('public'), validate('param', LinkParam, { invalid: bookingNotFound }), async (c) => {
        const { bookingId, tkId } = c.req.valid('param');
        const row = await findLinkedBooking(db, bookingId, tkId);
        c.header('Cache-Control', 'no-store');
        return c.json(await paymentOptions(db, row, { now: new Date(), travelerId: travelerOf(c) }));
      })
      .post(
        '/link/:bookingId/:tkId',
        allow('public'),
        validate('param', LinkParam, { invalid: bookingNotFound }),
        validate('json', StartPaymentSchema),
        async (c) => {
          const { bookingId, tkId } = c.req.valid('param');
          const row = await findLinkedBooking(db, bookingId, tkId);
          const now = new Date();
          const answer = await startPayment(deps, { row, input: c.req.valid('json'), auth: authOf(c), origin: 'ENLACE', now, holdMinutes });
          // This browser now pays for the booking: its confirmation page may read the payment's result.
          await grantFunnelBooking(c, deps.config, row.id, now);
          return c.json(answer, 201);
        },
      )
      // The terminal posts here server to server: no cookies, no Origin (the CSRF check lets such writes
      // through). Whatever it sends, it gets 200 'OK' once the notification is logged; details stay here.
      .post('/redsys/notification', allow('public'), async (c) => {
        const type = c.req.header('content-type') ?? '';
        const fields: unknown = type.includes('application/json') ? await c.req.json<unknown>().catch(() => ({})) : await c.req.parseBody().catch(() => ({}));
        await processRedsysNotification(deps, typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {});
        return c.text('OK');
      })
      .get('/receipts/:bookingId', allow('public'), validate('param', BookingParam, { invalid: bookingNotFound }), validate('query', TkQuery), async (c) => {
        const { tk } = c.req.valid('query');
        const row = await findReceiptBooking(c, db, c.req.valid('param').bookingId, tk);
        c.header('Cache-Control', 'no-store');
        return c.json(await receiptsList(db, row, { tk: tk ?? null }));
      })
      .get(
        '/receipts/:bookingId/:file',
        allow('public'),
        validate('param', ReceiptParam, { invalid: bookingNotFound }),
        validate('query', TkQuery),
        async (c) => {
          const { bookingId, file } = c.req.valid('param');
          const row = await findReceiptBooking(c, db, bookingId, c.req.valid('query').tk);
          const paymentId = file.slice(0, -'.pdf'.length).toLowerCase();
          const doc = await loadBookingDocument(db, row.id);
          const payment = doc?.payments.find((p) => p.id === paymentId);
          if (!doc || !payment) throw paymentNotFound();
          const pdf = await renderReceiptPdf(doc, payment);
          return c.body(new Uint8Array(pdf), 200, {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="recibo-${payment.orderNumber}.pdf"`,
            'Cache-Control': 'private, no-store',
          });
        },
      )
      .route('/sandbox', sandboxRoutes(deps))
      // The confirmation page's: the browser that paid (its funnel cookie names the booking), the booking's
      // traveller and staff. Anyone else, with the id alone, gets the 404 of a payment that does not exist:
      // the answer names the lead and the booking's tkId, which open the pay link and the receipts.
      .get('/:paymentId', allow('public'), validate('param', PaymentParam, { invalid: paymentNotFound }), async (c) => {
        const { paymentId } = c.req.valid('param');
        const owner = await db
          .selectFrom('payments')
          .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
          .select(['bookings.id', 'bookings.travelerId'])
          .where('payments.id', '=', paymentId)
          .executeTakeFirst();
        if (!owner) throw paymentNotFound();
        const paidHere = (await funnelBookingsOf(c, deps.config)).includes(owner.id);
        if (!paidHere && !ownsOrAdministers(authOf(c), owner.travelerId)) throw paymentNotFound();
        c.header('Cache-Control', 'no-store');
        return c.json(await paymentResult(deps, paymentId));
      })
  );
}
