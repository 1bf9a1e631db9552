import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_ACTIONS, BOOKING_STATUS_LABELS, BookingActionSchema, BookingListQuerySchema, RefundSchema } from '#shared/schemas/backoffice.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { applyBookingAction, bookingDetail, bookingFilterOptions, exportBookings, listBookings } from '../services/bookings/desk.ts';
import { dashboard } from '../services/bookings/dashboard.ts';
import { manifestTable, manifestWorkbook, periodManifest } from '../services/bookings/manifest.ts';
import { refundPayment } from '../services/payments/refunds.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const ActionParam = IdParam.extend({ action: z.enum(BOOKING_ACTIONS) });
const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });

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
 * `/api/admin`, admins only (group drAdmin): the day at a glance, the bookings desk (list, CSV export,
 * one booking) and the staff actions on a booking. Lists and detail are never cached.
 */
export function adminBookingRoutes({ db, config, rebuilds }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/dashboard', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await dashboard(db, new Date()));
    })
    .get('/bookings', allow('admin'), validate('query', BookingListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listBookings(db, c.req.valid('query')));
    })
    .get('/bookings/options', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await bookingFilterOptions(db));
    })
    .get('/bookings/export.csv', allow('admin'), validate('query', BookingListQuerySchema), (c) => {
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
    .get('/periods/:id/manifest', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await periodManifest(db, c.req.valid('param').id));
    })
    .get('/periods/:id/manifest.csv', allow('admin'), validate('param', IdParam), async (c) => {
      const manifest = await periodManifest(db, c.req.valid('param').id);
      const { header, rows } = manifestTable(manifest);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="manifiesto-${manifest.period.dayOne}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(`\uFEFF${stringifySync([header, ...rows])}`);
    })
    .get('/periods/:id/manifest.xlsx', allow('admin'), validate('param', IdParam), async (c) => {
      const manifest = await periodManifest(db, c.req.valid('param').id);
      c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      c.header('Content-Disposition', `attachment; filename="manifiesto-${manifest.period.dayOne}.xlsx"`);
      c.header('Cache-Control', 'no-store');
      return c.body(new Uint8Array(await manifestWorkbook(manifest)));
    })
    .get('/bookings/:id', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await bookingDetail(db, c.req.valid('param').id));
    })
    .post('/bookings/:id/refund', allow('admin'), validate('param', IdParam), validate('json', RefundSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { requestId, paymentId, amount, reason } = c.req.valid('json');
      const { applied } = await refundPayment(
        { db, config },
        { bookingId: id, request: { requestId, paymentId, amountCents: amount, reason }, actor: actorOf(c.var.auth), now: new Date() },
      );
      return c.json({ applied, detail: await bookingDetail(db, id) });
    })
    .post(
      '/bookings/:id/:action',
      allow('admin'),
      validate('param', ActionParam, { invalid: () => notFound('Esa acción no existe.') }),
      validate('json', BookingActionSchema),
      async (c) => {
        const { id, action } = c.req.valid('param');
        const { applied, tourId } = await applyBookingAction(
          { db, config },
          { id, action, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
        );
        // Seats given back or taken show on the tour's static pages at the next build; the live seats the
        // tour page loads from the API are right at once.
        if (applied && (action === 'cancel' || action === 'reject-review' || action === 'approve-review'))
          rebuilds?.request(`reserva ${id}: ${action} (tour ${tourId})`);
        return c.json({ applied, detail: await bookingDetail(db, id) });
      },
    );
}
