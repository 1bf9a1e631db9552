/**
 * An ERP connects (issue 33, part 4; docs/integration.md): signed webhooks for what happens in the shop, and
 * API keys for servers that read bookings and travellers and import the catalogue. The screen
 * (/admin/integraciones) and the API check input with these schemas.
 */
import { z } from 'zod';

/** What a webhook endpoint may be told. Each event carries ids and the main facts; details come from the API. */
export const WEBHOOK_EVENTS = {
  'booking.created': 'Reserva creada',
  'booking.confirmed': 'Reserva confirmada',
  'booking.changed': 'Reserva modificada',
  'booking.cancelled': 'Reserva cancelada',
  'payment.received': 'Pago recibido',
  'invoice.issued': 'Factura emitida',
  'traveler.changed': 'Datos del viajero modificados',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** What an API key may do. */
export const API_SCOPES = {
  'bookings:read': 'Leer reservas',
  'travelers:read': 'Leer viajeros',
  'catalogue:import': 'Importar el catálogo',
} as const;
export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];

export const INTEGRATION_MESSAGES = {
  url: 'Escribe la dirección completa del receptor, que empiece por https://.',
  urlPrivate: 'Esa dirección es de una red interna: el receptor tiene que estar en internet.',
  events: 'Elige al menos un aviso.',
  name: 'Escribe un nombre para la clave (de 2 a 80 caracteres).',
  scopes: 'Elige al menos un permiso.',
  endpointNotFound: 'Ese receptor ya no existe: recarga la página.',
  deliveryNotFound: 'Ese envío ya no existe: recarga la página.',
  keyNotFound: 'Esa clave ya no existe: recarga la página.',
  keyRevoked: 'Esa clave ya estaba revocada.',
  keyShownOnce: 'La clave solo se muestra una vez. Si no la has copiado, revócala y crea otra.',
  apiKeyMissing: 'Falta la clave de API (cabecera Authorization: Bearer …).',
  apiKeyInvalid: 'La clave de API no es válida o está revocada.',
  apiScope: 'Esta clave no tiene permiso para esto.',
} as const;

const RequestId = z.string().trim().min(8).max(100);

export const WebhookEndpointSaveSchema = z.strictObject({
  requestId: RequestId,
  url: z.string({ error: INTEGRATION_MESSAGES.url }).trim().max(500, INTEGRATION_MESSAGES.url).url(INTEGRATION_MESSAGES.url),
  description: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, INTEGRATION_MESSAGES.events).max(WEBHOOK_EVENT_TYPES.length),
});

export const ApiKeyCreateSchema = z.strictObject({
  requestId: RequestId,
  name: z.string({ error: INTEGRATION_MESSAGES.name }).trim().min(2, INTEGRATION_MESSAGES.name).max(80, INTEGRATION_MESSAGES.name),
  scopes: z.array(z.enum(API_SCOPE_NAMES)).min(1, INTEGRATION_MESSAGES.scopes).max(API_SCOPE_NAMES.length),
});

export const IntegrationPressSchema = z.strictObject({ requestId: RequestId });

/**
 * `GET /api/v1/bookings` and `/travelers`: changed since a moment, oldest change first, 100 at a time. To read on
 * without skipping rows that change meanwhile, pass the last row's `updatedAt` as `since` and its `id` as `after`.
 */
export const ApiListQuerySchema = z.strictObject({
  since: z.iso.datetime({ offset: true }).optional(),
  after: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  active: boolean;
  createdBy: string;
  createdAt: string;
  /** Deliveries not yet delivered (waiting or retrying) and given up. */
  pending: number;
  failed: number;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  status: 'PENDING' | 'SENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  nextAttemptAt: string;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's public start, to recognise it (`drk_ab12cd34`). */
  prefix: string;
  scopes: ApiScope[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface IntegrationsView {
  endpoints: WebhookEndpointView[];
  deliveries: WebhookDeliveryView[];
  keys: ApiKeyView[];
}

export interface IntegrationsAnswer extends IntegrationsView {
  applied: boolean;
  /** A new endpoint's signing secret or a new key: shown once, on the press that made it. */
  secret?: string | null;
}
