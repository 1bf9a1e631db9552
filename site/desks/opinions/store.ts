/**
 * The reviews moderation desk (/admin/tour/opinion): the trip's reviews or its optional activities'
 * (`tipo=actividades` in the address), filtered and paged on the server. Each action press carries a
 * request id of its own, so a press sent twice is applied once.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import {
  type ActivityOpinionListAnswer,
  type ActivityOpinionView,
  OPINION_MESSAGES,
  type OpinionListAnswer,
  type OpinionHistoryEntry,
  OpinionListQuerySchema,
  type OpinionModerate,
  OpinionReplySchema,
  type OpinionView,
} from '#shared/schemas/opinions.ts';
import { type ApiResult, api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

/** Which reviews the desk lists: of the trip (`tour`) or of its optional activities (`actividades` in the address). */
export type OpinionKind = 'tour' | 'activity';
const ACTIVITY_KIND = 'actividades';

export interface ReplyPress extends Press {
  opinion: OpinionView;
  comment: string;
}

export interface HistoryDialog {
  /** Who the review is by, or what it is of, for the title. */
  title: string;
  entries: OpinionHistoryEntry[] | null;
  error: string | null;
}

type OpinionsAnswer = ({ kind: 'tour' } & OpinionListAnswer) | ({ kind: 'activity' } & ActivityOpinionListAnswer);

/** One list or the other, tagged with its kind (the API has one route for each). */
async function loadOpinions({ tipo, ...query }: Record<string, string>): Promise<ApiResult<OpinionsAnswer>> {
  if (tipo === ACTIVITY_KIND) {
    const result = await callApi(() => api.admin.opinions.activities.$get({ query }));
    return result.ok ? { ...result, data: { kind: 'activity' as const, ...result.data } } : result;
  }
  const result = await callApi(() => api.admin.opinions.$get({ query }));
  return result.ok ? { ...result, data: { kind: 'tour' as const, ...result.data } } : result;
}

export const opinions = createListScreen({
  filters: ['tourId', 'periodId', 'status', 'from', 'to', 'tipo'],
  check: ({ tipo: _kind, ...form }) => OpinionListQuerySchema.safeParse(form),
  load: loadOpinions,
  extra: {
    /** The review whose action is on its way (its buttons wait). */
    busy: null as string | null,
    reply: null as ReplyPress | null,
    history: null as HistoryDialog | null,
  },
});

export type OpinionFilter = Exclude<Parameters<typeof opinions.setFilter>[0], 'tipo'>;
export const kindOf = (state: { applied: { tipo: string } }): OpinionKind => (state.applied.tipo === ACTIVITY_KIND ? 'activity' : 'tour');

/** 'Opiniones del viaje' / 'Opiniones de actividades': the other list, with the same filters. */
export async function setKind(kind: OpinionKind) {
  const state = opinions.$state.get();
  if (kindOf(state) === kind) return;
  const tipo = kind === 'activity' ? ACTIVITY_KIND : '';
  opinions.patch({ form: { ...state.form, tipo }, applied: { ...state.applied, tipo }, page: 1, done: null, message: null });
  await opinions.reload();
}

export async function setFilter(key: OpinionFilter, value: string) {
  opinions.setFilter(key, value);
  // A departure belongs to one tour: choosing another tour forgets it, and the departures offered follow at once.
  if (key === 'tourId') {
    opinions.setFilter('periodId', '');
    await opinions.apply();
  }
}

/** The review as the server now has it, in place in the list. */
function replaceRow(opinion: OpinionView | ActivityOpinionView) {
  const { answer } = opinions.$state.get();
  if (answer?.kind === 'tour' && 'replies' in opinion)
    opinions.patch({ answer: { ...answer, rows: answer.rows.map((r) => (r.id === opinion.id ? opinion : r)) } });
  if (answer?.kind === 'activity' && 'activityName' in opinion)
    opinions.patch({ answer: { ...answer, rows: answer.rows.map((r) => (r.id === opinion.id ? opinion : r)) } });
}

const DONE: Record<string, (o: OpinionView) => string> = {
  ACTIVE: (o) => `Opinión de ${o.name} publicada.${o.tourViewable ? ' La página del viaje se actualiza en unos segundos.' : ''}`,
  INACTIVE: (o) => `Opinión de ${o.name} ocultada.`,
  homeViewable: (o) => (o.homeViewable ? `La opinión de ${o.name} se muestra en la portada.` : `La opinión de ${o.name} ya no se muestra en la portada.`),
  tourViewable: (o) =>
    o.tourViewable ? `La opinión de ${o.name} se muestra en la página del viaje.` : `La opinión de ${o.name} ya no se muestra en la página del viaje.`,
};

/** One action on a row (its buttons wait meanwhile); `said` tells what it did. */
async function onRow<T extends OpinionView | ActivityOpinionView>(
  id: string,
  send: (requestId: string) => Promise<ApiResult<{ opinion: T }>>,
  said: (opinion: T) => string,
) {
  if (opinions.$state.get().busy) return;
  opinions.patch({ busy: id, done: null, message: null });
  const result = await send(crypto.randomUUID());
  if (!result.ok) {
    opinions.patch({ busy: null, message: result.message });
    return;
  }
  replaceRow(result.data.opinion);
  opinions.patch({ busy: null, done: said(result.data.opinion) });
}

/** Publicar / Ocultar and the two places a review shows. */
export function moderate(opinion: OpinionView, change: Omit<OpinionModerate, 'requestId'>) {
  const key = change.status ?? (change.homeViewable !== undefined ? 'homeViewable' : 'tourViewable');
  return onRow(
    opinion.id,
    (requestId) => callApi(() => api.admin.opinions[':id'].moderate.$post({ param: { id: opinion.id }, json: { requestId, ...change } })),
    (saved) => DONE[key]?.(saved) ?? '',
  );
}

/** Publicar / Ocultar an activity review. */
export function moderateActivity(opinion: ActivityOpinionView, status: 'ACTIVE' | 'INACTIVE') {
  return onRow(
    opinion.id,
    (requestId) => callApi(() => api.admin.opinions.activities[':id'].moderate.$post({ param: { id: opinion.id }, json: { requestId, status } })),
    () => `Opinión sobre «${opinion.activityName}» ${status === 'ACTIVE' ? 'publicada' : 'ocultada'}.`,
  );
}

export const openReply = (opinion: OpinionView) => opinions.patch({ reply: { ...newPress(), opinion, comment: '' }, done: null });
export const closeReply = () => opinions.patch({ reply: null });

export function setReplyComment(comment: string) {
  const { reply } = opinions.$state.get();
  if (reply) opinions.patch({ reply: { ...reply, comment, error: null, fields: {} } });
}

/** 'Enviar respuesta': the reply is saved and mailed to the author once. */
export async function sendReply() {
  const reply = opinions.$state.get().reply;
  if (!reply) return;
  const checked = OpinionReplySchema.safeParse({ requestId: reply.requestId, comment: reply.comment });
  if (!checked.success) {
    opinions.patch({ reply: { ...reply, fields: { comment: Object.values(issuesToFields(checked.error.issues))[0] ?? '' } } });
    return;
  }
  const sent = await sendPress(
    () => opinions.$state.get().reply,
    (press) => opinions.patch({ reply: { ...press, fields: { comment: press.fields.comment ?? press.error ?? '' } } }),
    (requestId, { opinion, comment }) => callApi(() => api.admin.opinions[':id'].reply.$post({ param: { id: opinion.id }, json: { requestId, comment } })),
  );
  if (!sent?.ok) return;
  replaceRow(sent.data.opinion);
  const mailed = sent.data.opinion.replies.at(-1)?.emailReplySent;
  opinions.patch({
    reply: null,
    done: mailed ? `Respuesta enviada a ${reply.opinion.name} por correo.` : `Respuesta guardada. ${OPINION_MESSAGES.noEmail}`,
  });
}

/** 'Historial': who did what to the review, read when asked. */
export async function openHistory(id: string, title: string) {
  opinions.patch({ history: { title, entries: null, error: null }, done: null });
  const result = await callApi(() => api.admin.opinions[':id'].history.$get({ param: { id } }));
  if (opinions.$state.get().history?.title !== title) return;
  opinions.patch({ history: result.ok ? { title, entries: result.data.entries, error: null } : { title, entries: [], error: result.message } });
}

export const closeHistory = () => opinions.patch({ history: null });
