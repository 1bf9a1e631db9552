/**
 * The reviews moderation desk (/admin/tour/opinion): the filters live in the address, so a reload or a
 * link a colleague sends opens the same list; the server filters and pages. Each action press carries a
 * request id of its own, so a press sent twice is applied once.
 */
import { map } from 'nanostores';
import {
  type ActivityOpinionListAnswer,
  type ActivityOpinionView,
  OPINION_MESSAGES,
  type OpinionHistoryEntry,
  type OpinionListAnswer,
  OpinionListQuerySchema,
  type OpinionModerate,
  OpinionReplySchema,
  type OpinionView,
} from '#shared/schemas/opinions.ts';
import { api, callApi } from '../lib/api-client.ts';

export const OPINION_FILTERS = ['tourId', 'periodId', 'status', 'from', 'to'] as const;
/** Which reviews the desk lists: of the trip (`tour`) or of its optional activities (`actividades` in the address). */
export type OpinionKind = 'tour' | 'activity';
const KIND_PARAM = 'tipo';
const ACTIVITY_KIND = 'actividades';
export type OpinionFilter = (typeof OPINION_FILTERS)[number];
export type OpinionFilters = Record<OpinionFilter, string>;

export interface ReplyDialog {
  opinion: OpinionView;
  requestId: string;
  comment: string;
  sending: boolean;
  error: string | null;
}

export interface HistoryDialog {
  /** Who the review is by, or what it is of, for the title. */
  title: string;
  entries: OpinionHistoryEntry[] | null;
  error: string | null;
}

export interface OpinionsDeskState {
  status: 'loading' | 'ready' | 'failed';
  kind: OpinionKind;
  /** The activity reviews' page (when `kind` is activity). */
  activityAnswer: ActivityOpinionListAnswer | null;
  history: HistoryDialog | null;
  /** What the filter form shows (not yet applied). */
  typed: OpinionFilters;
  /** What the list shows. */
  filters: OpinionFilters;
  page: number;
  answer: OpinionListAnswer | null;
  fields: Record<string, string>;
  message: string | null;
  /** The review whose action is on its way (its buttons wait). */
  busy: string | null;
  /** What the last action did, for the live region. */
  done: string | null;
  reply: ReplyDialog | null;
}

const NO_FILTERS: OpinionFilters = { tourId: '', periodId: '', status: '', from: '', to: '' };

export const $opinionsDesk = map<OpinionsDeskState>({
  status: 'loading',
  kind: 'tour',
  activityAnswer: null,
  history: null,
  typed: NO_FILTERS,
  filters: NO_FILTERS,
  page: 1,
  answer: null,
  fields: {},
  message: null,
  busy: null,
  done: null,
  reply: null,
});

const patch = (changes: Partial<OpinionsDeskState>) => $opinionsDesk.set({ ...$opinionsDesk.get(), ...changes });

/** The list's query string as it stands, without empty filters. */
export function opinionsQuery({ filters, page }: Pick<OpinionsDeskState, 'filters' | 'page'>): Record<string, string> {
  const query: Record<string, string> = {};
  // (The kind is not a filter of the API: each kind has its own list.)
  for (const key of OPINION_FILTERS) if (filters[key]) query[key] = filters[key];
  if (page > 1) query.page = String(page);
  return query;
}

async function load() {
  const state = $opinionsDesk.get();
  const query = opinionsQuery(state);
  const search = new URLSearchParams({ ...(state.kind === 'activity' ? { [KIND_PARAM]: ACTIVITY_KIND } : {}), ...query }).toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  const shown = state.kind === 'activity' ? state.activityAnswer : state.answer;
  patch({ status: shown ? 'ready' : 'loading', message: null });
  if (state.kind === 'activity') {
    const result = await callApi(() => api.admin.opinions.activities.$get({ query }));
    if (!result.ok) {
      patch({ status: shown ? 'ready' : 'failed', message: result.message, fields: result.fields });
      return;
    }
    patch({ status: 'ready', activityAnswer: result.data, fields: {} });
    return;
  }
  const result = await callApi(() => api.admin.opinions.$get({ query }));
  if (!result.ok) {
    patch({ status: shown ? 'ready' : 'failed', message: result.message, fields: result.fields });
    return;
  }
  patch({ status: 'ready', answer: result.data, fields: {} });
}

/** 'Opiniones del viaje' / 'Opiniones de actividades': the other list, with the same filters. */
export async function setKind(kind: OpinionKind) {
  if ($opinionsDesk.get().kind === kind) return;
  patch({ kind, page: 1, done: null, message: null });
  await load();
}

/** Reads the filters from the address, then loads the list. */
export async function openOpinionsDesk(search: string) {
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(OPINION_FILTERS.map((key) => [key, params.get(key) ?? ''])) as OpinionFilters;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  patch({ typed: filters, filters, page, kind: params.get(KIND_PARAM) === ACTIVITY_KIND ? 'activity' : 'tour' });
  await load();
}

export function setFilter(key: OpinionFilter, value: string) {
  const typed = { ...$opinionsDesk.get().typed, [key]: value };
  // A departure belongs to one tour: choosing another tour forgets it.
  if (key === 'tourId') typed.periodId = '';
  patch({ typed, fields: {} });
  // The departures offered are those of the chosen tour: the list follows the tour at once.
  if (key === 'tourId') void applyFilters();
}

/** 'Filtrar': checked with the server's own schema first, so a period backwards is named at once. */
export async function applyFilters() {
  const { typed } = $opinionsDesk.get();
  const checked = OpinionListQuerySchema.safeParse(typed);
  if (!checked.success) {
    patch({ fields: Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])) });
    return;
  }
  patch({ filters: typed, page: 1, fields: {} });
  await load();
}

export async function clearFilters() {
  patch({ typed: NO_FILTERS, filters: NO_FILTERS, page: 1, fields: {} });
  await load();
}

export async function goToOpinionsPage(page: number) {
  patch({ page });
  await load();
}

/** The review as the server now has it, in place in the list. */
function replaceRow(opinion: OpinionView) {
  const { answer } = $opinionsDesk.get();
  if (answer) patch({ answer: { ...answer, rows: answer.rows.map((r) => (r.id === opinion.id ? opinion : r)) } });
}

const DONE: Record<string, (o: OpinionView) => string> = {
  ACTIVE: (o) => `Opinión de ${o.name} publicada.${o.tourViewable ? ' La página del viaje se actualiza en unos segundos.' : ''}`,
  INACTIVE: (o) => `Opinión de ${o.name} ocultada.`,
  homeViewable: (o) => (o.homeViewable ? `La opinión de ${o.name} se muestra en la portada.` : `La opinión de ${o.name} ya no se muestra en la portada.`),
  tourViewable: (o) =>
    o.tourViewable ? `La opinión de ${o.name} se muestra en la página del viaje.` : `La opinión de ${o.name} ya no se muestra en la página del viaje.`,
};

/** Publicar / Ocultar and the two places a review shows: one press, one request id. */
export async function moderate(opinion: OpinionView, change: Omit<OpinionModerate, 'requestId'>) {
  if ($opinionsDesk.get().busy) return;
  patch({ busy: opinion.id, done: null, message: null });
  const result = await callApi(() =>
    api.admin.opinions[':id'].moderate.$post({ param: { id: opinion.id }, json: { requestId: crypto.randomUUID(), ...change } }),
  );
  if (!result.ok) {
    patch({ busy: null, message: result.message });
    return;
  }
  replaceRow(result.data.opinion);
  const key = change.status ?? (change.homeViewable !== undefined ? 'homeViewable' : 'tourViewable');
  patch({ busy: null, done: DONE[key]?.(result.data.opinion) ?? null });
}

export function openReply(opinion: OpinionView) {
  patch({ reply: { opinion, requestId: crypto.randomUUID(), comment: '', sending: false, error: null }, done: null });
}

export function setReplyComment(comment: string) {
  const { reply } = $opinionsDesk.get();
  if (reply) patch({ reply: { ...reply, comment, error: null } });
}

export const closeReply = () => patch({ reply: null });

/** 'Enviar respuesta': the reply is saved and mailed to the author once. */
export async function sendReply() {
  const { reply } = $opinionsDesk.get();
  if (!reply || reply.sending) return;
  const checked = OpinionReplySchema.safeParse({ requestId: reply.requestId, comment: reply.comment });
  if (!checked.success) {
    patch({ reply: { ...reply, error: checked.error.issues[0]?.message ?? null } });
    return;
  }
  patch({ reply: { ...reply, sending: true, error: null } });
  const result = await callApi(() => api.admin.opinions[':id'].reply.$post({ param: { id: reply.opinion.id }, json: checked.data }));
  if (!result.ok) {
    patch({ reply: { ...reply, sending: false, error: result.fields.comment ?? result.message } });
    return;
  }
  replaceRow(result.data.opinion);
  const mailed = result.data.opinion.replies.at(-1)?.emailReplySent;
  patch({
    reply: null,
    done: mailed ? `Respuesta enviada a ${reply.opinion.name} por correo.` : `Respuesta guardada. ${OPINION_MESSAGES.noEmail}`,
  });
}

/** The activity review as the server now has it, in place in its list. */
function replaceActivityRow(opinion: ActivityOpinionView) {
  const { activityAnswer } = $opinionsDesk.get();
  if (activityAnswer) patch({ activityAnswer: { ...activityAnswer, rows: activityAnswer.rows.map((r) => (r.id === opinion.id ? opinion : r)) } });
}

/** Publicar / Ocultar an activity review: one press, one request id. */
export async function moderateActivity(opinion: ActivityOpinionView, status: 'ACTIVE' | 'INACTIVE') {
  if ($opinionsDesk.get().busy) return;
  patch({ busy: opinion.id, done: null, message: null });
  const result = await callApi(() =>
    api.admin.opinions.activities[':id'].moderate.$post({ param: { id: opinion.id }, json: { requestId: crypto.randomUUID(), status } }),
  );
  if (!result.ok) {
    patch({ busy: null, message: result.message });
    return;
  }
  replaceActivityRow(result.data.opinion);
  const what = `Opinión sobre «${opinion.activityName}»`;
  patch({ busy: null, done: status === 'ACTIVE' ? `${what} publicada.` : `${what} ocultada.` });
}

/** 'Historial': who did what to the review, read when asked. */
export async function openHistory(id: string, title: string) {
  patch({ history: { title, entries: null, error: null }, done: null });
  const result = await callApi(() => api.admin.opinions[':id'].history.$get({ param: { id } }));
  const { history: open } = $opinionsDesk.get();
  if (!open || open.title !== title) return;
  patch({ history: result.ok ? { title, entries: result.data.entries, error: null } : { title, entries: [], error: result.message } });
}

export const closeHistory = () => patch({ history: null });
