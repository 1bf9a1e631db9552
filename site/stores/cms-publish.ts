/**
 * Where the editor's last change is on its way to the live pages: 'Publicando…', then 'Publicado' with the
 * time, or why it failed (the previous page is still live). The API answers every save with the id of its
 * publication; the staff's event stream (`/api/cms/events`) says how each one ends.
 */
import { atom, map } from 'nanostores';
import type { CmsEvent, PublishEvent, TourStatusEvent } from '#shared/schemas/cms.ts';

export interface PublishState {
  /** The publication the editor waits for; null before the first save. */
  id: string | null;
  state: 'idle' | 'publishing' | 'published' | 'failed';
  at: string | null;
  message: string | null;
}

export const $publish = map<PublishState>({ id: null, state: 'idle', at: null, message: null });
/** The last status each tour reported (card tools follow it). */
export const $tourStatus = atom<Record<string, TourStatusEvent['status']>>({});

/** Events that arrived before the save's answer named their publication. */
const early = new Map<string, PublishEvent>();

const apply = (event: PublishEvent) => $publish.set({ id: event.id, state: event.state, at: event.at, message: event.message ?? null });

/** The save answered with this publication: show it as on its way, unless it already arrived. */
export function followPublication(id: string | null): void {
  if (id === null) return;
  const known = early.get(id);
  if (known && known.state !== 'publishing') apply(known);
  else $publish.set({ id, state: 'publishing', at: null, message: null });
}

/** One event of the stream. */
export function receiveCmsEvent(event: CmsEvent): void {
  if (event.type === 'tour') {
    $tourStatus.set({ ...$tourStatus.get(), [event.id]: event.status });
    return;
  }
  early.set(event.id, event);
  if (early.size > 50) early.delete(early.keys().next().value as string);
  if ($publish.get().id === event.id) apply(event);
}

/** 'Publicado a las 10:42', in Madrid's time. */
export function describePublish({ state, at, message }: PublishState): string {
  if (state === 'publishing') return 'Publicando…';
  if (state === 'failed') return message ?? 'No se ha podido publicar el cambio.';
  if (state === 'published' && at) {
    const time = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid' }).format(new Date(at));
    return `Publicado a las ${time}`;
  }
  return '';
}

let source: EventSource | null = null;

/** Opens the stream once (the browser reconnects it by itself after a drop). */
export function connectCmsEvents(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/cms/events');
  for (const type of ['publish', 'tour'] as const) {
    source.addEventListener(type, (message) => {
      try {
        receiveCmsEvent(JSON.parse((message as MessageEvent<string>).data) as CmsEvent);
      } catch {
        // A malformed line is skipped; the next event brings the state again.
      }
    });
  }
}
