/**
 * Signed webhooks (issue 33, part 4; docs/integration.md). A change that raises an event writes one delivery
 * per endpoint that wants it, in the change's own transaction (a rolled-back change tells nobody, a committed
 * one always does: the outbox's rule). The worker posts each delivery as JSON, signed with the endpoint's
 * secret over `{timestamp}.{body}` (HMAC-SHA256), and retries with backoff until the receiver answers 2xx or
 * the attempts run out; every outcome stays in the delivery log, and staff replay a delivery as a new one.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { INTEGRATION_MESSAGES, type WebhookDeliveryView, type WebhookEventType } from '#shared/schemas/integration.ts';
import type { Config } from '../../config.ts';
import type { Db, Trx } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { type RepeatingPass, startRepeatingPass } from '../platform/repeating-pass.ts';

export const WEBHOOK_DEFAULTS = {
  maxAttempts: 8,
  /** First retry after a minute, then 2, 4, 8… capped at six hours. */
  baseDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60_000,
  leaseMs: 2 * 60_000,
  timeoutMs: 10_000,
  batchSize: 20,
  intervalMs: 5_000,
} as const;

/** The header names a receiver reads. */
export const WEBHOOK_HEADERS = { event: 'x-dr-event', delivery: 'x-dr-delivery', signature: 'x-dr-signature' } as const;

/** `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`: the receiver recomputes it and refuses old timestamps. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Queues `type` for every active endpoint that wants it, inside the caller's transaction. `data` names what
 * changed (ids and the main facts); receivers read the rest through the API.
 */
export async function emitWebhook(trx: Db | Trx, { type, data, now }: { type: WebhookEventType; data: Record<string, unknown>; now: Date }): Promise<void> {
  // Whatever an event says of a booking (a payment, an invoice) is a change the API's `since` must show too.
  if (typeof data.bookingId === 'string' && type !== 'booking.created')
    await trx.updateTable('bookings').set({ updatedAt: now.toISOString() }).where('id', '=', data.bookingId).execute();
  if (typeof data.travelerId === 'string') await trx.updateTable('travelers').set({ updatedAt: now.toISOString() }).where('id', '=', data.travelerId).execute();
  const endpoints = await trx.selectFrom('webhookEndpoints').select(['id', 'events']).where('active', '=', 1).execute();
  const wanted = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type));
  if (wanted.length === 0) return;
  const at = now.toISOString();
  const eventId = randomUUID();
  const payload = JSON.stringify({ id: eventId, type, createdAt: at, data });
  await trx
    .insertInto('webhookDeliveries')
    .values(
      wanted.map((e) => ({
        id: randomUUID(),
        endpointId: e.id,
        eventId,
        eventType: type,
        payload,
        status: 'PENDING' as const,
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
      })),
    )
    .execute();
}

/** Addresses a receiver may never be: this machine, private networks, link-local, carrier-grade NAT, unspecified. */
const INTERNAL = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is internal (IPv4-mapped IPv6 addresses are checked as the IPv4 they carry). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  return isIP(address) === 6 ? INTERNAL.check(address, 'ipv6') : isIP(address) === 4 ? INTERNAL.check(address, 'ipv4') : true;
}

/** An endpoint's address: https in production, plain http allowed elsewhere (tests, demos on this machine). */
export function checkEndpointUrl(url: string, env: Config['env']): void {
  const parsed = new URL(url);
  const production = env === 'production';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && !production)) throw invalidFields({ url: INTEGRATION_MESSAGES.url });
  const literal = parsed.hostname.replace(/^\[|\]$/g, '');
  if (production && (parsed.hostname === 'localhost' || (isIP(literal) !== 0 && isInternalAddress(literal))))
    throw invalidFields({ url: INTEGRATION_MESSAGES.urlPrivate });
}

/**
 * In production, what a receiver's name resolves to when a delivery goes: a name that points inside (at once, or
 * later by DNS rebinding) is refused before anything is sent.
 */
async function refuseInternal(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) !== 0 ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address))) throw new Error('La dirección del receptor es de una red interna');
}

export interface IntegrationPress {
  requestId: string;
  actor: Actor;
  now: Date;
}

/** 'Añadir receptor': its signing secret is made here and answered once, with the press that made it. */
export async function createEndpoint(
  db: Db,
  press: IntegrationPress & { url: string; description: string | null; events: WebhookEventType[]; env: Config['env'] },
): Promise<{ applied: boolean; secret: string | null }> {
  checkEndpointUrl(press.url, press.env);
  const id = randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const applied = await applyOnce(
    db,
    { entityType: 'webhook', entityId: null, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      await trx
        .insertInto('webhookEndpoints')
        .values({
          id,
          url: press.url,
          description: press.description,
          secret,
          events: JSON.stringify(press.events),
          active: 1,
          createdBy: press.actor.email,
          createdAt: press.now.toISOString(),
        })
        .execute();
      await record({ action: 'create', before: null, after: { url: press.url, events: press.events }, made: id });
      return true;
    },
    () => false,
  );
  return { applied, secret: applied ? secret : null };
}

/** 'Pausar' / 'Reanudar' an endpoint: paused, it is sent nothing new (what was queued waits). */
export async function setEndpointActive(db: Db, press: IntegrationPress & { id: string; active: boolean }): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'webhook', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const row = await trx.selectFrom('webhookEndpoints').select(['active']).where('id', '=', press.id).executeTakeFirst();
      if (!row) throw notFound(INTEGRATION_MESSAGES.endpointNotFound);
      if ((row.active === 1) === press.active) return false;
      await trx
        .updateTable('webhookEndpoints')
        .set({ active: press.active ? 1 : 0 })
        .where('id', '=', press.id)
        .execute();
      await record({ action: press.active ? 'resume' : 'pause', before: { active: row.active === 1 }, after: { active: press.active } });
      return true;
    },
    () => false,
  );
}

/** 'Reenviar': the delivery's event again, as a new delivery sent once (the receiver sees the same event id). */
export async function replayDelivery(db: Db, press: IntegrationPress & { id: string }): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'webhook', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const row = await trx.selectFrom('webhookDeliveries').selectAll().where('id', '=', press.id).executeTakeFirst();
      if (!row) throw notFound(INTEGRATION_MESSAGES.deliveryNotFound);
      const id = randomUUID();
      const at = press.now.toISOString();
      await trx
        .insertInto('webhookDeliveries')
        .values({
          id,
          endpointId: row.endpointId,
          eventId: row.eventId,
          eventType: row.eventType,
          payload: row.payload,
          status: 'PENDING',
          attempts: 0,
          nextAttemptAt: at,
          replayOf: row.id,
          createdAt: at,
        })
        .execute();
      await record({ action: 'replay', before: { delivery: row.id, status: row.status }, after: { delivery: id } });
      return true;
    },
    () => false,
  );
}

export const webhookRetryDelayMs = (attempts: number) => Math.min(WEBHOOK_DEFAULTS.maxDelayMs, WEBHOOK_DEFAULTS.baseDelayMs * 2 ** Math.max(0, attempts - 1));

export interface WebhookQueueReport {
  delivered: number;
  retried: number;
  failed: number;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** One pass over the due deliveries; a claim is a lease, as the mail outbox's (at least once, never zero). */
export async function processWebhookQueue(
  db: Db,
  {
    now = new Date(),
    send = fetch,
    maxAttempts = WEBHOOK_DEFAULTS.maxAttempts,
    production = false,
  }: { now?: Date; send?: typeof fetch; maxAttempts?: number; production?: boolean } = {},
): Promise<WebhookQueueReport> {
  const report: WebhookQueueReport = { delivered: 0, retried: 0, failed: 0 };
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
    .select(['webhookDeliveries.id', 'webhookDeliveries.attempts'])
    .where('webhookDeliveries.status', 'in', ['PENDING', 'SENDING'])
    .where('webhookDeliveries.nextAttemptAt', '<=', nowIso)
    .where('webhookEndpoints.active', '=', 1)
    .orderBy('webhookDeliveries.nextAttemptAt')
    .limit(WEBHOOK_DEFAULTS.batchSize)
    .execute();
  for (const candidate of due) {
    const attempts = candidate.attempts + 1;
    const claimed = await db
      .updateTable('webhookDeliveries')
      .set({ status: 'SENDING', attempts, nextAttemptAt: new Date(now.getTime() + WEBHOOK_DEFAULTS.leaseMs).toISOString() })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where('status', 'in', ['PENDING', 'SENDING'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const delivery = await db
      .selectFrom('webhookDeliveries')
      .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
      .select(['webhookDeliveries.id', 'webhookDeliveries.eventType', 'webhookDeliveries.payload', 'webhookEndpoints.url', 'webhookEndpoints.secret'])
      .where('webhookDeliveries.id', '=', candidate.id)
      .executeTakeFirstOrThrow();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      if (production) await refuseInternal(delivery.url);
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await send(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'DifferentRoads-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.eventType,
          [WEBHOOK_HEADERS.delivery]: delivery.id,
          [WEBHOOK_HEADERS.signature]: signWebhook(delivery.secret, delivery.payload, timestamp),
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_DEFAULTS.timeoutMs),
      });
      statusCode = answer.status;
      await answer.body?.cancel().catch(() => {});
      if (!answer.ok) error = `El receptor respondió ${answer.status}`;
    } catch (failure) {
      error = describeError(failure);
    }
    if (error === null) {
      await db
        .updateTable('webhookDeliveries')
        .set({ status: 'DELIVERED', lastStatusCode: statusCode, lastError: null, deliveredAt: new Date().toISOString() })
        .where('id', '=', delivery.id)
        .execute();
      report.delivered++;
    } else if (attempts >= maxAttempts) {
      await db.updateTable('webhookDeliveries').set({ status: 'FAILED', lastStatusCode: statusCode, lastError: error }).where('id', '=', delivery.id).execute();
      report.failed++;
    } else {
      const next = new Date(now.getTime() + webhookRetryDelayMs(attempts)).toISOString();
      await db
        .updateTable('webhookDeliveries')
        .set({ status: 'PENDING', nextAttemptAt: next, lastStatusCode: statusCode, lastError: error })
        .where('id', '=', delivery.id)
        .execute();
      report.retried++;
    }
  }
  return report;
}

/** Delivers the webhooks every few seconds; passes never overlap. */
export function startWebhookWorker({
  db,
  production,
  intervalMs = WEBHOOK_DEFAULTS.intervalMs,
}: {
  db: Db;
  /** Receivers must be on the internet: their names are resolved and checked before each delivery. */
  production: boolean;
  intervalMs?: number;
}): RepeatingPass<WebhookQueueReport> {
  return startRepeatingPass({ pass: () => processWebhookQueue(db, { production }), intervalMs, event: 'webhook.worker' });
}

/** /admin/integraciones: the endpoints with what waits and what failed, the latest deliveries. */
export async function listWebhooks(db: Db, { deliveries = 50 }: { deliveries?: number } = {}) {
  const [endpoints, counts, latest] = await Promise.all([
    db.selectFrom('webhookEndpoints').selectAll().orderBy('createdAt').orderBy('id').execute(),
    db
      .selectFrom('webhookDeliveries')
      .select((eb) => [
        'endpointId',
        eb.fn.sum<number>(eb.case().when('status', 'in', ['PENDING', 'SENDING']).then(1).else(0).end()).as('pending'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'FAILED').then(1).else(0).end()).as('failed'),
      ])
      .groupBy('endpointId')
      .execute(),
    db
      .selectFrom('webhookDeliveries')
      .select([
        'id',
        'endpointId',
        'eventId',
        'eventType',
        'status',
        'attempts',
        'nextAttemptAt',
        'lastStatusCode',
        'lastError',
        'replayOf',
        'createdAt',
        'deliveredAt',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(deliveries)
      .execute(),
  ]);
  const byEndpoint = new Map(counts.map((c) => [c.endpointId, c]));
  return {
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: JSON.parse(e.events) as WebhookEventType[],
      active: e.active === 1,
      createdBy: e.createdBy,
      createdAt: e.createdAt,
      pending: Number(byEndpoint.get(e.id)?.pending ?? 0),
      failed: Number(byEndpoint.get(e.id)?.failed ?? 0),
    })),
    deliveries: latest.map((d) => ({ ...d, eventType: d.eventType as WebhookEventType, status: d.status as WebhookDeliveryView['status'] })),
  };
}

/** Staff and traveller presses that are not a change an ERP must hear of (mails sent, files read), or that a transition or payment already tells. */
const QUIET_ACTIONS = new Set([
  'cancel',
  'confirm-transfer',
  'approve-review',
  'reject-review',
  'pay',
  'remind-balance',
  'self-export',
  'export',
  'force-password-change',
]);

/** The event a recorded press raises, if any: a booking or a traveller changed (docs/integration.md). */
export function eventOfPress(entityType: string, entityId: string, action: string): { type: WebhookEventType; data: Record<string, unknown> } | null {
  if (QUIET_ACTIONS.has(action) || action.startsWith('mail:') || action.startsWith('notice:')) return null;
  if (entityType === 'booking') return { type: 'booking.changed', data: { bookingId: entityId, change: action } };
  if (entityType === 'traveler') return { type: 'traveler.changed', data: { travelerId: entityId, change: action } };
  return null;
}
