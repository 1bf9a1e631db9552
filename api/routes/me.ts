import { Hono } from 'hono';
import { z } from 'zod';
import { AddActivitySchema, TravellerEditSchema } from '#shared/schemas/booking-desk.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { readDocument } from '../services/bookings/edits.ts';
import { loadBookingDocument } from '../services/bookings/documents/booking-document.ts';
import { loadTripDocumentation, renderDocumentationPdf } from '../services/bookings/documents/documentation.ts';
import { renderVoucherPdf } from '../services/bookings/documents/voucher.ts';
import { pointsBalance } from '../services/payments/queries.ts';
import { profileSummary } from '../services/people/summary.ts';
import { addTripActivity, completePassenger } from '../services/bookings/trip-changes.ts';
import { listTrips, tripDetail, tripNotFound } from '../services/bookings/traveller-trips.ts';
import { IdParam, validate } from '../validation.ts';
import { renderInvoicePdf } from '../services/invoices/invoice-pdf.ts';
import { myQuestions } from '../services/people/inbox.ts';

const InvoiceParam = z.object({ id: z.string().min(1).max(100), file: z.string().regex(/^[\w-]{1,100}\.pdf$/) });

const KeyQuery = z.object({ key: z.string().min(1).max(400) });
const pdf = (bytes: Buffer, filename: string) =>
  new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });

/**
 * `/api/me`, the signed-in traveller's own area: their trips, one trip in full and its documents. Every
 * answer is narrowed to the caller's traveller on the server; another traveller's booking is a 404.
 */
export function meRoutes({ db, config }: AppDeps) {
  const travelerOf = (c: Parameters<typeof requireAuth>[0]) => {
    const travelerId = requireAuth(c).travelerId;
    if (!travelerId) throw tripNotFound();
    return travelerId;
  };
  /** The trip, if it is the caller's: every file route asks this first. */
  const ownTrip = (c: Parameters<typeof requireAuth>[0], bookingId: string) => tripDetail(db, { travelerId: travelerOf(c), bookingId });
  return (
    new Hono<ApiEnv>()
      .get('/badge', allow('traveler'), async (c) => {
        c.header('Cache-Control', 'no-store');
        const { travelerId } = requireAuth(c);
        return c.json({ points: travelerId ? await pointsBalance(db, travelerId) : 0 });
      })
      .get('/summary', allow('traveler'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await profileSummary(db, { travelerId: requireAuth(c).travelerId, today: new Date().toISOString().slice(0, 10) }));
      })
      // The traveller's own questions to the office and the replies (issue 33).
      .get('/questions', allow('traveler'), async (c) => {
        c.header('Cache-Control', 'no-store');
        const auth = requireAuth(c);
        return c.json({ questions: await myQuestions(db, { travelerId: auth.travelerId, email: auth.email }) });
      })
      .get('/trips', allow('traveler'), async (c) => {
        c.header('Cache-Control', 'no-store');
        const auth = requireAuth(c);
        if (!auth.travelerId) return c.json({ upcoming: [], past: [] });
        return c.json(await listTrips(db, { travelerId: auth.travelerId, today: new Date().toISOString().slice(0, 10) }));
      })
      .get('/trips/:id', allow('traveler'), validate('param', IdParam, { invalid: tripNotFound }), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await ownTrip(c, c.req.valid('param').id));
      })
      // The holder completes a passenger's data before departure; the same checks and record as the office's edit.
      .post(
        '/trips/:id/traveller',
        allow('traveler'),
        validate('param', IdParam, { invalid: tripNotFound }),
        validate('json', TravellerEditSchema),
        async (c) => {
          const bookingId = c.req.valid('param').id;
          const auth = requireAuth(c);
          const now = new Date();
          const actor = { userId: auth.userId, email: auth.email };
          const { applied } = await completePassenger(db, { travelerId: travelerOf(c), bookingId, request: c.req.valid('json'), actor, now });
          return c.json({ applied, detail: await tripDetail(db, { travelerId: travelerOf(c), bookingId, now }) });
        },
      )
      // The holder adds an optional activity: seats taken now, its price added to what is due (paid by the pay link).
      .post('/trips/:id/activity', allow('traveler'), validate('param', IdParam, { invalid: tripNotFound }), validate('json', AddActivitySchema), async (c) => {
        const bookingId = c.req.valid('param').id;
        const auth = requireAuth(c);
        const now = new Date();
        const actor = { userId: auth.userId, email: auth.email };
        const { applied } = await addTripActivity(db, { travelerId: travelerOf(c), bookingId, request: c.req.valid('json'), actor, now });
        return c.json({ applied, detail: await tripDetail(db, { travelerId: travelerOf(c), bookingId, now }) });
      })
      .get('/trips/:id/voucher.pdf', allow('traveler'), validate('param', IdParam, { invalid: tripNotFound }), async (c) => {
        const { id } = c.req.valid('param');
        const trip = await ownTrip(c, id);
        const doc = await loadBookingDocument(db, id);
        if (!trip.voucherUrl || !doc) throw tripNotFound();
        return pdf(await renderVoucherPdf(doc, { issuedAt: new Date().toISOString() }), `bono-reserva-${doc.tkId ?? doc.differentId}.pdf`);
      })
      // A traveller's invoice: only one of their own trip's; anything else is the same 404.
      .get('/trips/:id/invoices/:file', allow('traveler'), validate('param', InvoiceParam, { invalid: tripNotFound }), async (c) => {
        const { id, file } = c.req.valid('param');
        await ownTrip(c, id);
        const own = await db
          .selectFrom('invoices')
          .select('id')
          .where('id', '=', file.replace(/\.pdf$/, ''))
          .where('bookingId', '=', id)
          .executeTakeFirst();
        const rendered = own ? await renderInvoicePdf(db, own.id, { test: config.invoicing.aeat.test }) : null;
        if (!rendered) throw tripNotFound();
        return pdf(rendered.pdf, `factura-${rendered.invoiceNumber}.pdf`);
      })
      .get('/trips/:id/documentation.pdf', allow('traveler'), validate('param', IdParam, { invalid: tripNotFound }), async (c) => {
        const { id } = c.req.valid('param');
        const trip = await ownTrip(c, id);
        const doc = await loadBookingDocument(db, id);
        const period = await db.selectFrom('bookings').select('periodId').where('id', '=', id).executeTakeFirst();
        if (!trip.documentationUrl || !doc || !period) throw tripNotFound();
        const bytes = await renderDocumentationPdf(doc, await loadTripDocumentation(db, period.periodId), { issuedAt: new Date().toISOString() });
        return pdf(bytes, `documentacion-${doc.tkId ?? doc.differentId}.pdf`);
      })
      .get('/trips/:id/documents', allow('traveler'), validate('param', IdParam, { invalid: tripNotFound }), validate('query', KeyQuery), async (c) => {
        const { id } = c.req.valid('param');
        await ownTrip(c, id);
        const doc = await readDocument(db, { filesDir: config.filesDir, bookingId: id, key: c.req.valid('query').key });
        return new Response(new Uint8Array(doc.bytes), {
          headers: {
            'Content-Type': doc.contentType,
            'Content-Disposition': `attachment; filename="${doc.name}"`,
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      })
  );
}
