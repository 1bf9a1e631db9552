/**
 * /admin/integraciones (issue 33, part 4): webhook endpoints with their delivery log and replay, and API keys.
 * Every press carries its own request id; a new endpoint's secret and a new key are shown once, from the
 * answer of the press that made them.
 */
import { map } from 'nanostores';
import { issuesToFields } from '#shared/schemas/errors.ts';
import {
  type ApiScope,
  ApiKeyCreateSchema,
  type IntegrationsAnswer,
  type IntegrationsView,
  WebhookEndpointSaveSchema,
  type WebhookEventType,
} from '#shared/schemas/integration.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { newPress, type Press, type RowPress, sendPress, sendRowPress } from '../../staff-kit/press.ts';

export interface EndpointForm extends Press {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export interface KeyForm extends Press {
  name: string;
  scopes: ApiScope[];
}

export interface IntegrationsState {
  status: 'loading' | 'ready' | 'failed';
  view: IntegrationsView | null;
  endpoint: EndpointForm | null;
  key: KeyForm | null;
  /** A secret or key just made: shown once, with what it is. */
  shown: { label: string; value: string } | null;
  row: RowPress | null;
  message: string | null;
  done: string | null;
}

export const $integrations = map<IntegrationsState>({
  status: 'loading',
  view: null,
  endpoint: null,
  key: null,
  shown: null,
  row: null,
  message: null,
  done: null,
});
const patch = (changes: Partial<IntegrationsState>) => $integrations.set({ ...$integrations.get(), ...changes });
const viewOf = ({ endpoints, deliveries, keys }: IntegrationsAnswer): IntegrationsView => ({ endpoints, deliveries, keys });

export async function openIntegrations() {
  const result = await callApi(() => api.admin.integrations.$get());
  patch(result.ok ? { status: 'ready', view: result.data } : { status: 'failed', message: result.message });
}

export const openEndpointForm = () => patch({ endpoint: { ...newPress(), url: 'https://', description: '', events: [] }, done: null, shown: null });
export const closeEndpointForm = () => patch({ endpoint: null });
export function setEndpointField(change: Partial<Pick<EndpointForm, 'url' | 'description' | 'events'>>) {
  const { endpoint } = $integrations.get();
  if (endpoint) patch({ endpoint: { ...endpoint, ...change, fields: {} } });
}

export async function saveEndpoint(): Promise<boolean> {
  const { endpoint } = $integrations.get();
  if (!endpoint) return false;
  const checked = WebhookEndpointSaveSchema.safeParse({
    requestId: endpoint.requestId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
  });
  if (!checked.success) {
    patch({ endpoint: { ...endpoint, fields: issuesToFields(checked.error.issues, '', { depth: 1 }), error: 'Revisa los campos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $integrations.get().endpoint,
    (next) => patch({ endpoint: next }),
    (requestId) => callApi(() => api.admin.integrations.endpoints.$post({ json: { ...checked.data, requestId } })),
  );
  if (!sent?.ok) return false;
  patch({
    view: viewOf(sent.data),
    endpoint: null,
    shown: sent.data.secret ? { label: 'Secreto de firma del receptor', value: sent.data.secret } : null,
    done: sent.data.secret ? 'Receptor añadido. Copia su secreto de firma: no se vuelve a mostrar.' : 'El receptor ya estaba añadido.',
  });
  return true;
}

export const openKeyForm = () => patch({ key: { ...newPress(), name: '', scopes: [] }, done: null, shown: null });
export const closeKeyForm = () => patch({ key: null });
export function setKeyField(change: Partial<Pick<KeyForm, 'name' | 'scopes'>>) {
  const { key } = $integrations.get();
  if (key) patch({ key: { ...key, ...change, fields: {} } });
}

export async function saveKey(): Promise<boolean> {
  const { key } = $integrations.get();
  if (!key) return false;
  const checked = ApiKeyCreateSchema.safeParse({ requestId: key.requestId, name: key.name, scopes: key.scopes });
  if (!checked.success) {
    patch({ key: { ...key, fields: issuesToFields(checked.error.issues, '', { depth: 1 }), error: 'Revisa los campos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $integrations.get().key,
    (next) => patch({ key: next }),
    (requestId) => callApi(() => api.admin.integrations.keys.$post({ json: { ...checked.data, requestId } })),
  );
  if (!sent?.ok) return false;
  patch({
    view: viewOf(sent.data),
    key: null,
    shown: sent.data.secret ? { label: 'Clave de API', value: sent.data.secret } : null,
    done: sent.data.secret ? 'Clave creada. Cópiala ahora: no se vuelve a mostrar.' : 'La clave ya estaba creada. Si no la copiaste, revócala y crea otra.',
  });
  return true;
}

export const hideShown = () => patch({ shown: null });

/** A press on one row (replay, pause, resume, revoke): one at a time, once each (the kit's `sendRowPress`). */
async function rowPress(id: string, send: (requestId: string) => Promise<ApiResult<IntegrationsAnswer>>, done: string): Promise<boolean> {
  const sent = await sendRowPress(
    () => $integrations.get().row,
    (row) => patch({ row }),
    id,
    send,
  );
  if (!sent) return false;
  if (!sent.ok) {
    patch({ message: sent.message });
    return false;
  }
  patch({ view: viewOf(sent.data), message: null, done });
  return true;
}

export const replayDelivery = (id: string) =>
  rowPress(
    id,
    (requestId) => callApi(() => api.admin.integrations.deliveries[':id'].replay.$post({ param: { id }, json: { requestId } })),
    'Envío repetido: sale en unos segundos.',
  );
export const pauseEndpoint = (id: string) =>
  rowPress(id, (requestId) => callApi(() => api.admin.integrations.endpoints[':id'].pause.$post({ param: { id }, json: { requestId } })), 'Receptor en pausa.');
export const resumeEndpoint = (id: string) =>
  rowPress(
    id,
    (requestId) => callApi(() => api.admin.integrations.endpoints[':id'].resume.$post({ param: { id }, json: { requestId } })),
    'Receptor reanudado.',
  );
export const revokeKey = (id: string) =>
  rowPress(id, (requestId) => callApi(() => api.admin.integrations.keys[':id'].revoke.$post({ param: { id }, json: { requestId } })), 'Clave revocada.');
