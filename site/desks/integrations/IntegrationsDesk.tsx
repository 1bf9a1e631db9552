/**
 * /admin/integraciones (issue 33, part 4): where an ERP connects. Webhook receivers (the events each wants,
 * paused or not, what waits and what failed), the latest deliveries with 'Reenviar', and API keys with their
 * scopes and 'Revocar'. docs/integration.md explains both to the ERP's developers.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { API_SCOPES, type ApiScope, WEBHOOK_EVENTS, type WebhookEventType } from '#shared/schemas/integration.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { ConfirmDialog, FieldError, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { moment } from '../../staff-kit/format.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import {
  $integrations,
  closeEndpointForm,
  closeKeyForm,
  hideShown,
  openEndpointForm,
  openIntegrations,
  openKeyForm,
  pauseEndpoint,
  replayDelivery,
  resumeEndpoint,
  revokeKey,
  saveEndpoint,
  saveKey,
  setEndpointField,
  setKeyField,
} from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', IntegrationsDesk);

const DELIVERY_STATUS = { PENDING: 'En espera', SENDING: 'Enviándose', DELIVERED: 'Entregado', FAILED: 'Fallido' } as const;

function Checks<K extends string>({
  legend,
  options,
  chosen,
  error,
  onChange,
}: {
  legend: string;
  options: Record<K, string>;
  chosen: K[];
  error: string | undefined;
  onChange: (next: K[]) => void;
}) {
  return (
    <fieldset className="admin-checks">
      <legend>{legend}</legend>
      {(Object.entries(options) as [K, string][]).map(([value, label]) => (
        <label key={value}>
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
          />{' '}
          {label}
        </label>
      ))}
      <FieldError id={`${legend}-error`} error={error} />
    </fieldset>
  );
}

function IntegrationsDesk() {
  const { status, view, endpoint, key, shown, row, message, done } = useStore($integrations);
  useEffect(() => void openIntegrations(), []);
  if (status === 'loading') return <p role="status">Cargando las integraciones…</p>;
  if (!view) return <Outcome done={null} message={message} />;
  const busy = row !== null;
  const endpointUrl = new Map(view.endpoints.map((e) => [e.id, e.url]));
  return (
    <>
      <p>
        Conecta el programa de gestión de la agencia (ERP): recibe avisos firmados de lo que pasa en la tienda y lee o importa datos con una clave de API. La
        guía para su equipo técnico está en <code>docs/integration.md</code>.
      </p>
      <Outcome done={done} message={message} />
      {shown ? (
        <section className="admin-block admin-secret" aria-labelledby="secreto-nuevo">
          <h2 id="secreto-nuevo">{shown.label}</h2>
          <p>{shown.label.startsWith('Clave') ? 'Cópiala ahora y guárdala en el ERP' : 'Cópialo ahora y guárdalo en el ERP'}: no se vuelve a mostrar.</p>
          <p>
            <code className="admin-secret__value">{shown.value}</code>
          </p>
          <button type="button" className="admin-button-secondary" onClick={hideShown}>
            Ya está copiado
          </button>
        </section>
      ) : null}

      <section className="admin-block" aria-labelledby="receptores">
        <h2 id="receptores">Avisos (webhooks)</h2>
        <button type="button" className="button" onClick={openEndpointForm}>
          Añadir receptor
        </button>
        {view.endpoints.length === 0 ? (
          <p>Aún no hay ningún receptor.</p>
        ) : (
          <CellTable
            label="Receptores de avisos"
            head={['Dirección', 'Avisos', 'Estado', 'En espera', 'Fallidos', '']}
            keys={view.endpoints.map((e) => e.id)}
            rows={view.endpoints.map((e) => [
              <>
                {e.url}
                {e.description ? <small>{e.description}</small> : null}
              </>,
              e.events.map((ev) => WEBHOOK_EVENTS[ev]).join(', '),
              e.active ? 'Activo' : 'En pausa',
              e.pending.toLocaleString('es-ES'),
              e.failed.toLocaleString('es-ES'),
              <button
                key="toggle"
                type="button"
                className="admin-button-secondary"
                disabled={busy}
                onClick={() => void (e.active ? pauseEndpoint(e.id) : resumeEndpoint(e.id))}
              >
                {e.active ? 'Pausar' : 'Reanudar'}
              </button>,
            ])}
          />
        )}
        <h3>Últimos envíos</h3>
        {view.deliveries.length === 0 ? (
          <p>Aún no se ha enviado ningún aviso.</p>
        ) : (
          <CellTable
            label="Últimos envíos de avisos"
            head={['Aviso', 'Receptor', 'Estado', 'Intentos', 'Última respuesta', 'Creado', '']}
            keys={view.deliveries.map((d) => d.id)}
            rows={view.deliveries.map((d) => [
              <>
                {WEBHOOK_EVENTS[d.eventType]}
                {d.replayOf ? <small>Reenvío</small> : null}
              </>,
              endpointUrl.get(d.endpointId) ?? '—',
              DELIVERY_STATUS[d.status],
              d.attempts.toLocaleString('es-ES'),
              d.lastError ?? (d.lastStatusCode ? String(d.lastStatusCode) : '—'),
              moment(d.createdAt),
              <button
                key="replay"
                type="button"
                className="admin-button-secondary"
                disabled={busy || d.status === 'PENDING' || d.status === 'SENDING'}
                onClick={() => void replayDelivery(d.id)}
              >
                Reenviar
              </button>,
            ])}
          />
        )}
      </section>

      <section className="admin-block" aria-labelledby="claves">
        <h2 id="claves">Claves de API</h2>
        <button type="button" className="button" onClick={openKeyForm}>
          Nueva clave
        </button>
        {view.keys.length === 0 ? (
          <p>Aún no hay ninguna clave.</p>
        ) : (
          <CellTable
            label="Claves de API"
            head={['Nombre', 'Empieza por', 'Permisos', 'Creada', 'Último uso', '']}
            keys={view.keys.map((k) => k.id)}
            rows={view.keys.map((k) => [
              k.name,
              <code key="prefix">{k.prefix}</code>,
              k.scopes.map((s) => API_SCOPES[s]).join(', '),
              `${moment(k.createdAt)} · ${k.createdBy}`,
              k.lastUsedAt ? moment(k.lastUsedAt) : 'Nunca',
              k.revokedAt ? (
                `Revocada el ${moment(k.revokedAt)}`
              ) : (
                <button key="revoke" type="button" className="admin-button-danger" disabled={busy} onClick={() => void revokeKey(k.id)}>
                  Revocar
                </button>
              ),
            ])}
          />
        )}
      </section>

      {endpoint ? (
        <ConfirmDialog
          title="Añadir receptor de avisos"
          error={endpoint.error}
          sending={endpoint.sending}
          confirm="Añadir"
          back="Cancelar"
          working="Añadiendo…"
          onConfirm={() => void saveEndpoint()}
          onClose={closeEndpointForm}
        >
          <TextField
            label="Dirección del receptor (https://…)"
            value={endpoint.url}
            error={endpoint.fields.url}
            onChange={(url) => setEndpointField({ url })}
          />
          <TextField
            label="Descripción (opcional)"
            value={endpoint.description}
            error={endpoint.fields.description}
            onChange={(description) => setEndpointField({ description })}
          />
          <Checks<WebhookEventType>
            legend="Avisos que recibe"
            options={WEBHOOK_EVENTS}
            chosen={endpoint.events}
            error={endpoint.fields.events}
            onChange={(events) => setEndpointField({ events })}
          />
        </ConfirmDialog>
      ) : null}
      {key ? (
        <ConfirmDialog
          title="Nueva clave de API"
          error={key.error}
          sending={key.sending}
          confirm="Crear clave"
          back="Cancelar"
          working="Creando…"
          onConfirm={() => void saveKey()}
          onClose={closeKeyForm}
        >
          <TextField label="Nombre (para quién es)" value={key.name} error={key.fields.name} onChange={(name) => setKeyField({ name })} />
          <Checks<ApiScope>
            legend="Permisos"
            options={API_SCOPES}
            chosen={key.scopes}
            error={key.fields.scopes}
            onChange={(scopes) => setKeyField({ scopes })}
          />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
