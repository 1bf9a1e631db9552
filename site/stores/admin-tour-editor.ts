/**
 * The tour editor (/admin/tour/{id}): the tour's fields as typed, saved against the version they were
 * read at (a colleague's save meanwhile is refused and what was typed stays), the thumbnail through the
 * CMS upload, and the departures' dialogs: add or change one, remove one, its prices per age group. Each
 * press carries one request id, kept when the shop could not be reached so a retry cannot apply twice.
 * Every change answers the editor as it is now and the publication of the tour's pages, followed on the
 * staff's event stream.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import { AGE_GROUPS, PERIOD_SOURCES } from '#shared/enums.ts';
import { addDays } from '#shared/rules/dates.ts';
import { formatEurosInput, parseEurosInput } from '#shared/rules/money.ts';
import type { TourEditorAnswer, TourEditorPeriod, TourEditorView, TourFields } from '#shared/schemas/tour-editor.ts';
import { MAX_PRICE_CENTS, TOUR_EDITOR_MESSAGES, TOUR_FIELDS, type TourField, type PaymentPolicyForm, policyForm } from '#shared/schemas/tour-editor-texts.ts';
import type { TourEditorExtra } from '#shared/schemas/tour-extras.ts';
import { type ApiResult, api, callApi, NETWORK_MESSAGE } from '../lib/api-client.ts';
import { connectCmsEvents, followPublication } from './cms-publish.ts';
import { uploadImage } from './cms-uploads.ts';

export type TourForm = Record<TourField, string>;
/** What a tour is linked to: the regions it is listed under, the catalogue's activities that name it. */
export type LinkKind = 'region' | 'activity';

export interface PeriodForm {
  dayOne: string;
  returnDate: string;
  seats: string;
  webBookable: boolean;
  source: string;
}

export type EditorDialog =
  | { kind: 'period'; period: TourEditorPeriod | null; form: PeriodForm; errors: Record<string, string> }
  | { kind: 'remove'; period: TourEditorPeriod }
  | {
      kind: 'prices';
      period: TourEditorPeriod;
      /** The optional activity whose prices these are; null for the departure's own supplement. */
      activity: OptionalActivity | null;
      form: Record<string, string>;
      errors: Record<string, string>;
    }
  | { kind: 'campaign'; period: TourEditorPeriod; campaign: PeriodCampaign | null; form: CampaignForm; errors: Record<string, string> }
  | { kind: 'campaignRemove'; period: TourEditorPeriod; campaign: PeriodCampaign }
  | { kind: 'flight'; period: TourEditorPeriod; flight: PeriodFlight; form: Record<string, string>; errors: Record<string, string> }
  | {
      kind: 'flightAdd';
      period: TourEditorPeriod;
      form: Record<string, string>;
      segments: FlightSegmentsForm;
      withReturn: boolean;
      errors: Record<string, string>;
    }
  | { kind: 'flightRemove'; period: TourEditorPeriod; flight: PeriodFlight }
  | { kind: 'extra'; extra: TourEditorExtra | null; form: ExtraForm; errors: Record<string, string> }
  /** 'Retirar' (active false) or 'Volver a ofrecer' (true) an extra. */
  | { kind: 'extraOffer'; extra: TourEditorExtra; active: boolean }
  | {
      kind: 'policy';
      /** The departure whose schedule this is; null for the tour's. */
      period: TourEditorPeriod | null;
      /** A schedule of its own; false follows the next level's (the tour's, or its type's). */
      own: boolean;
      form: PaymentPolicyForm;
      errors: Record<string, string>;
    };

/** One segment as the 'Añadir vuelo' form holds it: the texts typed. */
export interface SegmentForm {
  flightNumber: string;
  departureIata: string;
  arrivalIata: string;
  departureAt: string;
  arrivalAt: string;
}
export type FlightSegmentsForm = { outbound: SegmentForm[]; inbound: SegmentForm[] };

type OptionalActivity = TourEditorPeriod['optionalActivities'][number];
export type PeriodCampaign = TourEditorPeriod['campaigns'][number];
export type PeriodFlight = TourEditorPeriod['flights'][number];

/** An extra's form: the amount as typed in euros. */
export interface ExtraForm {
  name: string;
  description: string;
  amount: string;
  basis: string;
}

/** A campaign's form: the discount as typed in euros. */
export interface CampaignForm {
  name: string;
  value: string;
  validFromDate: string;
  validUntilDate: string;
  discountAppliedPerTxt: string;
}

export interface TourEditorState {
  status: 'loading' | 'ready' | 'failed';
  id: string;
  view: TourEditorView | null;
  form: TourForm;
  /** The version the form was read at. */
  version: number;
  errors: Record<string, string>;
  saving: boolean;
  requestId: string;
  message: string | null;
  /** A colleague saved the tour meanwhile: what was typed stays until the current version is loaded. */
  stale: boolean;
  done: string | null;
  photo: { uploading: boolean; url: string | null; error: string | null };
  dialog: (EditorDialog & { requestId: string; sending: boolean; error: string | null }) | null;
  /** The region and activity picked to link, and the press under way on the links. */
  links: { pick: Record<LinkKind, string>; requestId: string; sending: LinkKind | null; error: { kind: LinkKind; message: string } | null };
}

const EMPTY_FORM = Object.fromEntries(TOUR_FIELDS.map((k) => [k, ''])) as TourForm;

type TourEditorChecks = typeof import('./tour-editor-checks.ts');
let checksLoading: Promise<TourEditorChecks | null> | null = null;
/**
 * The editor's form checks (tour-editor-checks.ts), loaded once a form is touched (a field typed, a dialog opened)
 * so that they are there when it is sent: null when their script could not be loaded, and the next call tries
 * again. A press reads its form after this answers, so what was typed meanwhile is sent, and a second press
 * finds the first one under way.
 */
export function tourEditorChecks(): Promise<TourEditorChecks | null> {
  checksLoading ??= import('./tour-editor-checks.ts').catch(() => {
    checksLoading = null;
    return null;
  });
  return checksLoading;
}

export const $tourEditor = map<TourEditorState>({
  status: 'loading',
  id: '',
  view: null,
  form: EMPTY_FORM,
  version: 0,
  errors: {},
  saving: false,
  requestId: '',
  message: null,
  stale: false,
  done: null,
  photo: { uploading: false, url: null, error: null },
  dialog: null,
  links: { pick: { region: '', activity: '' }, requestId: '', sending: null, error: null },
});

const patch = (changes: Partial<TourEditorState>) => $tourEditor.set({ ...$tourEditor.get(), ...changes });
const newId = () => crypto.randomUUID();

const formOf = (fields: TourFields): TourForm =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : v])) as TourForm;

/** The first message per field of a zod error, keyed by the field's name. */

/** Server field paths (`fields.metaTitle`, `period.seats`) as the form names them. */
const serverErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.split('.').at(-1) ?? path, message]));

const showView = (view: TourEditorView, { resetForm }: { resetForm: boolean }) => {
  const { photo } = $tourEditor.get();
  patch({
    status: 'ready',
    view,
    ...(resetForm
      ? { form: formOf(view.tour.fields), version: view.tour.version, errors: {}, stale: false, photo: { ...photo, url: view.tour.thumbnailUrl, error: null } }
      : {}),
  });
};

export async function openTourEditor(id: string) {
  patch({ id, status: 'loading', message: null, requestId: newId() });
  connectCmsEvents();
  const result = await callApi(() => api.admin.tours[':id'].$get({ param: { id } }));
  if (!result.ok) {
    patch({ status: $tourEditor.get().view ? 'ready' : 'failed', message: result.message });
    return;
  }
  showView(result.data, { resetForm: true });
}

/** 'Cargar la versión actual' after a conflict: what was typed is replaced by the colleague's save. */
export async function reloadTour() {
  patch({ message: null, done: null });
  await openTourEditor($tourEditor.get().id);
}

export function setTourField(field: TourField, value: string) {
  void tourEditorChecks();
  const { form, errors } = $tourEditor.get();
  const { [field]: _fixed, ...rest } = errors;
  patch({ form: { ...form, [field]: value }, errors: rest, done: null });
}

export async function uploadThumbnail(file: File) {
  const { id, photo } = $tourEditor.get();
  patch({ photo: { ...photo, uploading: true, error: null } });
  const result = await uploadImage(id, file);
  const now = $tourEditor.get();
  if (!result.ok) {
    patch({ photo: { ...now.photo, uploading: false, error: result.message } });
    return;
  }
  patch({ form: { ...now.form, thumbnail: result.image.key }, photo: { uploading: false, url: result.image.url, error: null } });
}

const finish = (answer: TourEditorAnswer, { resetForm }: { resetForm: boolean }) => {
  showView(answer.editor, { resetForm });
  followPublication(answer.publication);
  patch({ done: answer.message });
};

/** 'Guardar' (waits while a new thumbnail uploads: the save's answer would replace the form that names it). */
export async function saveTourFields() {
  const checks = await tourEditorChecks();
  const state = $tourEditor.get();
  if (state.saving || !state.view || state.photo.uploading) return;
  if (!checks) {
    patch({ message: NETWORK_MESSAGE, done: null });
    return;
  }
  const parsed = checks.TourFieldsSchema.safeParse(state.form);
  if (!parsed.success) {
    patch({ errors: issuesToFields(parsed.error.issues, '', { depth: 1 }), message: 'Revisa los datos marcados.', done: null });
    return;
  }
  patch({ saving: true, message: null, done: null });
  const result = await callApi(() =>
    api.admin.tours[':id'].$put({ param: { id: state.id }, json: { requestId: state.requestId, version: state.version, fields: parsed.data } }),
  );
  if (!result.ok) {
    // Unreached, the same press may still have arrived: its id is kept for the retry.
    patch({
      saving: false,
      errors: serverErrors(result.fields),
      message: result.message,
      stale: result.status === 409,
      requestId: nextRequestId(result, state.requestId),
    });
    return;
  }
  patch({ saving: false, requestId: newId() });
  finish(result.data, { resetForm: true });
}

/** A new departure's form proposes a month from today, back ten days later; the seats are for staff to say. */
const periodFormOf = (p: TourEditorPeriod | null): PeriodForm => {
  if (p) return { dayOne: p.dayOne, returnDate: p.returnDate, seats: String(p.seats), webBookable: p.webBookable, source: p.source ?? '' };
  const today = new Date().toISOString().slice(0, 10);
  return { dayOne: addDays({ date: today, days: 30 }), returnDate: addDays({ date: today, days: 39 }), seats: '', webBookable: true, source: 'WEBDR' };
};

export function openDialog(dialog: EditorDialog) {
  void tourEditorChecks();
  patch({ dialog: { ...dialog, requestId: newId(), sending: false, error: null }, done: null });
}

/** A dialog whose checks could not be loaded: nothing was sent, as when the shop does not answer. */
export function uncheckable(dialog: NonNullable<TourEditorState['dialog']>) {
  patch({ dialog: { ...dialog, error: NETWORK_MESSAGE } });
}

export const openAddPeriod = () => openDialog({ kind: 'period', period: null, form: periodFormOf(null), errors: {} });
export const openEditPeriod = (period: TourEditorPeriod) => openDialog({ kind: 'period', period, form: periodFormOf(period), errors: {} });
export const openRemovePeriod = (period: TourEditorPeriod) => openDialog({ kind: 'remove', period });
/** 'Precios' of a departure's supplement, or of one of its optional activities. */
export const openPeriodPrices = (period: TourEditorPeriod, activity: OptionalActivity | null = null) =>
  openDialog({
    kind: 'prices',
    period,
    activity,
    form: Object.fromEntries(AGE_GROUPS.map((g) => [g, formatEurosInput((activity ?? period).prices.find((p) => p.ageGroupName === g)?.valueCents ?? 0)])),
    errors: {},
  });
export const closeDialog = () => patch({ dialog: null });

export function setPeriodField<K extends keyof PeriodForm>(field: K, value: PeriodForm[K]) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'period') return;
  const { [field]: _fixed, ...errors } = dialog.errors;
  patch({ dialog: { ...dialog, form: { ...dialog.form, [field]: value }, errors } });
}

export function setPriceField(ageGroup: string, value: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'prices') return;
  const { [ageGroup]: _fixed, ...errors } = dialog.errors;
  patch({ dialog: { ...dialog, form: { ...dialog.form, [ageGroup]: value }, errors } });
}

/** '150,50' → 15050; null for text that is not an amount in euros or is over the highest price. */
export function parseEuros(text: string): number | null {
  const cents = parseEurosInput(text);
  return cents !== null && cents <= MAX_PRICE_CENTS ? cents : null;
}

type Sent = ApiResult<TourEditorAnswer>;

export const settleDialog = (result: Sent) => {
  const { dialog } = $tourEditor.get();
  if (!dialog) return;
  if (!result.ok) {
    const errors =
      dialog.kind === 'remove' || dialog.kind === 'campaignRemove' || dialog.kind === 'flightRemove' || dialog.kind === 'extraOffer'
        ? {}
        : dialog.kind === 'policy'
          ? { ...dialog.errors, ...policyServerErrors(result.fields) }
          : { ...dialog.errors, ...serverErrors(result.fields) };
    patch({
      dialog: {
        ...dialog,
        errors,
        sending: false,
        error: result.message,
        requestId: nextRequestId(result, dialog.requestId),
      } as TourEditorState['dialog'],
    });
    return;
  }
  patch({ dialog: null });
  finish(result.data, { resetForm: false });
};

/** 'Añadir salida' / 'Guardar salida'. */
export async function submitPeriod() {
  const checks = await tourEditorChecks();
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'period' || dialog.sending) return;
  if (!checks) return uncheckable(dialog);
  const seats = dialog.form.seats.trim() === '' ? Number.NaN : Number(dialog.form.seats);
  const parsed = checks.PeriodInputSchema.safeParse({
    dayOne: dialog.form.dayOne,
    returnDate: dialog.form.returnDate,
    seats,
    webBookable: dialog.form.webBookable,
    source: (PERIOD_SOURCES as readonly string[]).includes(dialog.form.source) ? dialog.form.source : null,
  });
  if (!parsed.success) {
    patch({ dialog: { ...dialog, errors: issuesToFields(parsed.error.issues, '', { depth: 1 }), error: 'Revisa los datos marcados.' } });
    return;
  }
  patch({ dialog: { ...dialog, sending: true, error: null } });
  const json = { requestId: dialog.requestId, period: parsed.data };
  const period = dialog.period;
  settleDialog(
    await callApi(() =>
      period
        ? api.admin.tours[':id'].periods[':periodId'].$put({ param: { id, periodId: period.id }, json })
        : api.admin.tours[':id'].periods.$post({ param: { id }, json }),
    ),
  );
}

/** 'Quitar la salida', confirmed. */
export async function confirmRemovePeriod() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'remove' || dialog.sending) return;
  patch({ dialog: { ...dialog, sending: true, error: null } });
  settleDialog(
    await callApi(() =>
      api.admin.tours[':id'].periods[':periodId'].$delete({ param: { id, periodId: dialog.period.id }, json: { requestId: dialog.requestId } }),
    ),
  );
}

/** 'Guardar precios'. */
export async function submitPrices() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'prices' || dialog.sending) return;
  const errors: Record<string, string> = {};
  const prices = AGE_GROUPS.map((ageGroupName) => {
    const valueCents = parseEuros(dialog.form[ageGroupName] ?? '');
    if (valueCents === null) errors[ageGroupName] = TOUR_EDITOR_MESSAGES.price;
    return { ageGroupName, valueCents: valueCents ?? 0 };
  });
  if (Object.keys(errors).length) {
    patch({ dialog: { ...dialog, errors, error: 'Revisa los datos marcados.' } });
    return;
  }
  patch({ dialog: { ...dialog, sending: true, error: null } });
  const json = { requestId: dialog.requestId, prices };
  const periodId = dialog.period.id;
  const activity = dialog.activity;
  const periods = api.admin.tours[':id'].periods[':periodId'];
  settleDialog(
    await callApi(() =>
      activity
        ? periods.activities[':optionalActivityId'].prices.$put({ param: { id, periodId, optionalActivityId: activity.id }, json })
        : periods.prices.$put({ param: { id, periodId }, json }),
    ),
  );
}

export function pickLink(kind: LinkKind, id: string) {
  const { links } = $tourEditor.get();
  patch({ links: { ...links, pick: { ...links.pick, [kind]: id }, error: null } });
}

const CHOOSE = { region: 'Elige una región.', activity: 'Elige una actividad.' } as const;

/** 'Añadir' (the one picked) or 'Quitar' on a linked one: one press, one request id. */
export async function changeLink(kind: LinkKind, targetId: string, link: boolean) {
  const { id, links } = $tourEditor.get();
  if (links.sending) return;
  if (link && !targetId) {
    patch({ links: { ...links, error: { kind, message: CHOOSE[kind] } } });
    return;
  }
  const requestId = links.requestId || newId();
  patch({ links: { ...links, requestId, sending: kind, error: null }, done: null });
  const tours = api.admin.tours[':id'];
  const result = await callApi(() => {
    if (kind === 'region') {
      return link
        ? tours.regions.$post({ param: { id }, json: { requestId, parentRegionId: targetId } })
        : tours.regions[':regionId'].$delete({ param: { id, regionId: targetId }, json: { requestId } });
    }
    return link
      ? tours.activities.$post({ param: { id }, json: { requestId, activityId: targetId } })
      : tours.activities[':activityId'].$delete({ param: { id, activityId: targetId }, json: { requestId } });
  });
  const now = $tourEditor.get().links;
  if (!result.ok) {
    patch({ links: { ...now, sending: null, error: { kind, message: result.message }, requestId: result.status === 0 ? requestId : '' } });
    return;
  }
  patch({ links: { pick: { ...now.pick, [kind]: '' }, requestId: '', sending: null, error: null } });
  finish(result.data, { resetForm: false });
}

/** The schedule a tour or departure follows when it has none of its own. */
export function inheritedPolicy(view: TourEditorView, period: TourEditorPeriod | null) {
  return period ? (view.tour.paymentPolicy.own ?? view.tour.paymentPolicy.type) : view.tour.paymentPolicy.type;
}

/** 'Plazos de pago' of the tour (period null) or of one departure: its own, or the one it follows to start from. */
export function openPolicy(period: TourEditorPeriod | null) {
  const { view } = $tourEditor.get();
  if (!view) return;
  const own = period ? period.paymentPolicy : view.tour.paymentPolicy.own;
  openDialog({ kind: 'policy', period, own: own !== null, form: policyForm(own ?? inheritedPolicy(view, period)), errors: {} });
}

export function setOwnPolicy(own: boolean) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind === 'policy') patch({ dialog: { ...dialog, own, errors: {}, error: null } });
}

/** Changes the schedule's form; typing again clears that field's refusal. */
export function setPolicyFields(change: (form: PaymentPolicyForm) => PaymentPolicyForm, field?: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'policy') return;
  const errors = { ...dialog.errors };
  if (field) delete errors[field];
  patch({ dialog: { ...dialog, form: change(dialog.form), errors } });
}

/** The server names the schedule's fields under `policy.`; the deposit's value is one field whichever its kind. */
const policyServerErrors = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const field = path.replace(/^policy\./, '');
      return [field.startsWith('deposit') ? 'depositValue' : field, message];
    }),
  );

/** 'Guardar plazos': refused at its fields before sending; one press, one request id. */
export async function submitPolicy() {
  const checks = await tourEditorChecks();
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'policy' || dialog.sending) return;
  if (!checks) return uncheckable(dialog);
  let policy = null;
  if (dialog.own) {
    const checked = checks.policyFromForm(dialog.form);
    if (!checked.policy) {
      patch({ dialog: { ...dialog, errors: checked.errors, error: 'Revisa los datos marcados.' } });
      return;
    }
    policy = { ...checked.policy, instalments: [...checked.policy.instalments] };
  }
  patch({ dialog: { ...dialog, sending: true, error: null } });
  const json = { requestId: dialog.requestId, policy };
  const period = dialog.period;
  settleDialog(
    period
      ? await callApi(() => api.admin.tours[':id'].periods[':periodId']['payment-policy'].$put({ param: { id, periodId: period.id }, json }))
      : await callApi(() => api.admin.tours[':id']['payment-policy'].$put({ param: { id }, json })),
  );
}
