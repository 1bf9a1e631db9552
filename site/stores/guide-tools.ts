/**
 * The guides' tools (issue 14): staff assigning guides to a departure, the guide's report of a departure,
 * the urgent-help form, and the expenses (the guide's list and form, staff's decisions). Every press that
 * changes something carries a request id of its own, kept while the same press is retried after a lost
 * connection, so the server applies it once.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import {
  GUIDE_TOOL_MESSAGES,
  type GuideAssignmentView,
  type GuideExpenseList,
  GuideExpenseSchema,
  type GuideExpenseView,
  GuideHelpSchema,
  GuideReportSchema,
  type GuideReportList,
  type GuideReportScreen,
  type GuideSupportView,
  RECEIPT_MAX_BYTES,
} from '#shared/schemas/guide-tools.ts';

import { api, callApi } from '../lib/api-client.ts';

type Fields = Record<string, string>;
const CHECK_FIELDS_MESSAGE = 'Revisa los datos marcados.';
const newRequestId = () => crypto.randomUUID();

// Assignments (/admin/tour/{tourID}/guide/{periodID})

export interface AssignState {
  status: 'loading' | 'ready' | 'failed';
  tourId: string;
  periodId: string;
  view: GuideAssignmentView | null;
  chosen: string;
  requestId: string;
  busy: boolean;
  message: string | null;
  done: string | null;
}

export const $assignDesk = map<AssignState>({
  status: 'loading',
  tourId: '',
  periodId: '',
  view: null,
  chosen: '',
  requestId: newRequestId(),
  busy: false,
  message: null,
  done: null,
});
const patchAssign = (changes: Partial<AssignState>) => $assignDesk.set({ ...$assignDesk.get(), ...changes });

export async function openAssignDesk(tourId: string, periodId: string) {
  patchAssign({ tourId, periodId, status: 'loading' });
  const result = await callApi(() => api['guide-tools'].assignments[':tourId'][':periodId'].$get({ param: { tourId, periodId } }));
  if (!result.ok) return patchAssign({ status: 'failed', message: result.message });
  patchAssign({ status: 'ready', view: result.data });
}

export const chooseGuide = (chosen: string) => patchAssign({ chosen, message: null, requestId: newRequestId() });

/** 'Asignar' (the chosen guide) or 'Quitar' (one of the departure's guides): one press, one request id. */
export async function changeAssignment(action: 'assign' | 'remove', guideId: string) {
  const state = $assignDesk.get();
  if (state.busy) return;
  if (action === 'assign' && !guideId) return patchAssign({ message: GUIDE_TOOL_MESSAGES.chooseGuide });
  const requestId = action === 'assign' ? state.requestId : newRequestId();
  patchAssign({ busy: true, message: null, done: null });
  const param = { tourId: state.tourId, periodId: state.periodId };
  const json = { requestId, guideId };
  const route = api['guide-tools'].assignments[':tourId'][':periodId'];
  const result = await callApi(() => (action === 'assign' ? route.$post({ param, json }) : route.remove.$post({ param, json })));
  if (!result.ok) return patchAssign({ busy: false, message: result.fields.guideId ?? result.message });
  const name = result.data.view.guides.find((g) => g.id === guideId)?.name ?? 'El guía';
  const done =
    action === 'assign'
      ? result.data.mailed
        ? `${name} ya es guía de esta salida. Le hemos enviado un correo.`
        : `${name} ya era guía de esta salida.`
      : `${name} ya no es guía de esta salida.`;
  // The guide chosen while the press was on its way stays chosen; the one just assigned is cleared.
  const chosen = $assignDesk.get().chosen;
  patchAssign({ busy: false, view: result.data.view, done, chosen: action === 'assign' && chosen === state.chosen ? '' : chosen, requestId: newRequestId() });
}

// The guide's report (/admin/guias/{periodId}/calificar/{guideId})

export type ReportForm = Record<'rateGroup' | 'rateAccommodation' | 'rateActivities' | 'rateTransport' | 'comment' | 'report', string>;
const EMPTY_REPORT: ReportForm = { rateGroup: '', rateAccommodation: '', rateActivities: '', rateTransport: '', comment: '', report: '' };

export interface ReportState {
  status: 'loading' | 'ready' | 'failed';
  screen: GuideReportScreen | null;
  form: ReportForm;
  fields: Fields;
  saving: boolean;
  message: string | null;
  done: string | null;
}

export const $guideReport = map<ReportState>({ status: 'loading', screen: null, form: EMPTY_REPORT, fields: {}, saving: false, message: null, done: null });
const patchReport = (changes: Partial<ReportState>) => $guideReport.set({ ...$guideReport.get(), ...changes });

function formOf(screen: GuideReportScreen): ReportForm {
  const r = screen.report;
  if (!r) return EMPTY_REPORT;
  return {
    rateGroup: String(r.rateGroup),
    rateAccommodation: String(r.rateAccommodation),
    rateActivities: String(r.rateActivities),
    rateTransport: String(r.rateTransport),
    comment: r.comment,
    report: r.report,
  };
}

export async function openGuideReport(periodId: string, guideId: string) {
  patchReport({ status: 'loading' });
  const result = await callApi(() => api['guide-tools'].reports[':periodId'][':guideId'].$get({ param: { periodId, guideId } }));
  if (!result.ok) return patchReport({ status: 'failed', message: result.message });
  patchReport({ status: 'ready', screen: result.data, form: formOf(result.data) });
}

export function setReportField(key: keyof ReportForm, value: string) {
  const state = $guideReport.get();
  const { [key]: _, ...fields } = state.fields;
  patchReport({ form: { ...state.form, [key]: value }, fields, done: null });
}

/** 'Guardar': the same report saved again is the same report (the server keeps one per guide). */
export async function saveGuideReport() {
  const { screen, form, saving } = $guideReport.get();
  if (!screen || saving) return;
  const checked = GuideReportSchema.safeParse(form);
  if (!checked.success) return patchReport({ fields: issuesToFields(checked.error.issues, '', { depth: 1 }), message: CHECK_FIELDS_MESSAGE });
  patchReport({ saving: true, message: null, done: null });
  const result = await callApi(() =>
    api['guide-tools'].reports[':periodId'][':guideId'].$put({ param: { periodId: screen.period.id, guideId: screen.guide.id }, json: checked.data }),
  );
  if (!result.ok) return patchReport({ saving: false, message: result.message, fields: result.fields });
  patchReport({ saving: false, screen: result.data, form: formOf(result.data), fields: {}, done: 'Hemos guardado tu calificación y tu informe.' });
}

// Urgent help (/admin/guia/soporte)

export interface SupportState {
  status: 'loading' | 'ready' | 'failed';
  view: GuideSupportView | null;
  periodId: string;
  text: string;
  fields: Fields;
  sending: boolean;
  message: string | null;
  done: string | null;
}

export const $guideSupport = map<SupportState>({
  status: 'loading',
  view: null,
  periodId: '',
  text: '',
  fields: {},
  sending: false,
  message: null,
  done: null,
});
const patchSupport = (changes: Partial<SupportState>) => $guideSupport.set({ ...$guideSupport.get(), ...changes });

export async function openGuideSupport() {
  const result = await callApi(() => api['guide-tools'].support.$get());
  if (!result.ok) return patchSupport({ status: 'failed', message: result.message });
  patchSupport({ status: 'ready', view: result.data });
}

export const setHelpField = (key: 'periodId' | 'text', value: string) => patchSupport({ [key]: value, fields: {}, done: null });

/** 'Pedir ayuda': mails the office at once; the form empties when it is sent. */
export async function sendGuideHelp() {
  const { periodId, text, sending } = $guideSupport.get();
  if (sending) return;
  const checked = GuideHelpSchema.safeParse({ periodId, message: text });
  if (!checked.success) return patchSupport({ fields: issuesToFields(checked.error.issues, '', { depth: 1 }), message: null });
  patchSupport({ sending: true, message: null, done: null });
  const result = await callApi(() => api['guide-tools'].support.$post({ json: checked.data }));
  if (!result.ok) return patchSupport({ sending: false, message: result.message, fields: result.fields });
  patchSupport({
    sending: false,
    text: '',
    periodId: '',
    done: 'Hemos avisado a la oficina por correo. Si es muy urgente, llama también al teléfono de la oficina.',
  });
}

// The expense form (/admin/guia/gastos/registro)

export type ExpenseFormField = 'periodId' | 'kind' | 'concept' | 'amount' | 'curency' | 'exchangeRate' | 'spentOn';

export interface ExpenseFormState {
  status: 'loading' | 'ready' | 'failed';
  departures: GuideExpenseList['departures'];
  form: Record<ExpenseFormField, string>;
  receipt: File | null;
  requestId: string;
  fields: Fields;
  sending: boolean;
  message: string | null;
  saved: GuideExpenseView | null;
}

const EMPTY_EXPENSE: Record<ExpenseFormField, string> = {
  periodId: '',
  kind: 'BUDGETED',
  concept: '',
  amount: '',
  curency: 'EUR',
  exchangeRate: '1',
  spentOn: '',
};

export const $expenseForm = map<ExpenseFormState>({
  status: 'loading',
  departures: [],
  form: EMPTY_EXPENSE,
  receipt: null,
  requestId: newRequestId(),
  fields: {},
  sending: false,
  message: null,
  saved: null,
});
const patchForm = (changes: Partial<ExpenseFormState>) => $expenseForm.set({ ...$expenseForm.get(), ...changes });

export async function openExpenseForm(search: string) {
  const params = new URLSearchParams(search);
  const result = await callApi(() => api['guide-tools'].expenses.$get({ query: {} }));
  if (!result.ok) return patchForm({ status: 'failed', message: result.message });
  if (result.data.viewer !== 'guide') return patchForm({ status: 'failed', message: GUIDE_TOOL_MESSAGES.notAGuide });
  const periodId = params.get('salida') ?? '';
  const kind = params.get('tipo') === 'extra' ? 'EXTRA' : 'BUDGETED';
  const known = result.data.departures.some((d) => d.periodId === periodId);
  patchForm({ status: 'ready', departures: result.data.departures, form: { ...EMPTY_EXPENSE, kind, periodId: known ? periodId : '' } });
}

export function setExpenseField(key: ExpenseFormField, value: string) {
  const state = $expenseForm.get();
  const { [key]: _, ...fields } = state.fields;
  const form = { ...state.form, [key]: value };
  // Euros need no rate: it is 1.
  if (key === 'curency' && value === 'EUR') form.exchangeRate = '1';
  patchForm({ form, fields, saved: null, requestId: newRequestId() });
}

/** The photo is checked as it is chosen (type and size); the server reads its bytes again. */
export function setReceipt(file: File | null) {
  const state = $expenseForm.get();
  const { receipt: _, ...fields } = state.fields;
  const error = !file
    ? GUIDE_TOOL_MESSAGES.receiptRequired
    : !/^image\/(jpeg|png|webp|avif)$/.test(file.type)
      ? GUIDE_TOOL_MESSAGES.receiptNotImage
      : file.size > RECEIPT_MAX_BYTES
        ? GUIDE_TOOL_MESSAGES.receiptTooLarge
        : null;
  patchForm({ receipt: error ? null : file, fields: error ? { ...fields, receipt: error } : fields, saved: null, requestId: newRequestId() });
}

/** 'Registrar el gasto': pressed twice, or retried after a lost connection, it records one expense. */
export async function submitExpense() {
  const state = $expenseForm.get();
  if (state.sending) return;
  const checked = GuideExpenseSchema.safeParse({ ...state.form, requestId: state.requestId });
  const fields = checked.success ? {} : issuesToFields(checked.error.issues, '', { depth: 1 });
  if (!state.receipt) fields.receipt = state.fields.receipt ?? GUIDE_TOOL_MESSAGES.receiptRequired;
  if (!checked.success || !state.receipt) return patchForm({ fields, message: CHECK_FIELDS_MESSAGE });
  patchForm({ sending: true, message: null, fields: {} });
  const receipt = state.receipt;
  const result = await callApi(() => api['guide-tools'].expenses.$post({ form: { ...state.form, requestId: state.requestId, receipt } }));
  if (!result.ok) return patchForm({ sending: false, message: result.message, fields: result.fields });
  patchForm({
    sending: false,
    saved: result.data.expense,
    form: { ...EMPTY_EXPENSE, periodId: state.form.periodId, kind: state.form.kind },
    receipt: null,
    requestId: newRequestId(),
  });
}

// The departure screen's reports (/admin/guias/{periodId})

export interface DepartureReportsState {
  periodId: string;
  list: GuideReportList | null;
}

export const $departureReports = map<DepartureReportsState>({ periodId: '', list: null });

/** The reports of a departure for its screen; nothing shown when they cannot be read (offline, say). */
export async function loadDepartureReports(periodId: string) {
  $departureReports.set({ periodId, list: null });
  const result = await callApi(() => api['guide-tools'].reports[':periodId'].$get({ param: { periodId } }));
  if (result.ok && $departureReports.get().periodId === periodId) $departureReports.set({ periodId, list: result.data });
}
