/**
 * 'Web publicada' on the dashboard (issue 33): what is live, a whole-site rebuild with its progress, and the
 * last build's result or the reason it failed (the previous site stays live then).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { moment } from '../../staff-kit/format.ts';
import { $siteBuild, followSiteBuild, openSiteBuild, rebuildSite } from './store.ts';

export function SiteBuildPanel() {
  const { status, answer, press, message, done, following } = useStore($siteBuild);
  useEffect(() => {
    void openSiteBuild().then(() => {
      const queue = $siteBuild.get().answer?.queue;
      if (queue?.running || queue?.pending) void followSiteBuild();
    });
  }, []);
  const queue = answer?.queue ?? null;
  const live = answer?.live ?? null;
  const working = Boolean(queue?.running || queue?.pending);
  return (
    <section className="admin-block" aria-labelledby="web-publicada">
      <h2 id="web-publicada" className="admin-section-title">
        Web publicada
      </h2>
      {status === 'loading' ? <p role="status">Cargando…</p> : null}
      {status === 'failed' ? <p role="alert">{message}</p> : null}
      {live ? (
        <p>
          Publicada el {moment(live.builtAt)}: {live.pages.toLocaleString('es-ES')} páginas, {live.tours.toLocaleString('es-ES')} viajes.
        </p>
      ) : status === 'ready' ? (
        <p>Aún no hay ninguna web publicada.</p>
      ) : null}
      <p role="status" aria-live="polite">
        {working ? (
          <>
            <span className="admin-spinner" aria-hidden="true" /> {queue?.running ? 'Reconstruyendo toda la web…' : 'Reconstrucción en cola…'}
          </>
        ) : done && !following && queue?.lastBuild && !queue.lastError ? (
          `Web reconstruida el ${moment(queue.lastBuild.builtAt)}: ${queue.lastBuild.pages.toLocaleString('es-ES')} páginas.`
        ) : (
          ''
        )}
      </p>
      {queue?.lastError && !working ? (
        <p role="alert" className="admin-alert">
          La última reconstrucción falló el {moment(queue.lastError.at)}: {queue.lastError.message} Sigue publicada la versión anterior.
        </p>
      ) : null}
      {press.error ? (
        <p role="alert" className="admin-alert">
          {press.error}
        </p>
      ) : null}
      {queue ? (
        <button type="button" className="button" onClick={() => void rebuildSite()} disabled={press.sending || working}>
          {press.sending ? 'Pidiendo…' : 'Reconstruir toda la web'}
        </button>
      ) : status === 'ready' ? (
        <p>Esta instalación no reconstruye la web por sí misma.</p>
      ) : null}
    </section>
  );
}
