/**
 * /admin/cupones: the coupons, a search by code, and one form at a time (a new coupon or an edit) in a
 * dialog. The form is checked with the server's own schema before sending; whatever the server answers,
 * what was typed stays. Creates carry a request id (a double click creates one coupon); edits and
 * deletes carry the version they were made from.
 */
import { map } from 'nanostores';
import { type CouponForm, CouponFormSchema, type CouponView } from '#shared/schemas/backoffice.ts';
import { api, callApi } from '../lib/api-client.ts';

export type CouponFields = { [K in keyof CouponForm]-?: string };

export interface CouponEditor {
  /** null: a new coupon. */
  id: string | null;
  version: number;
  requestId: string;
  form: CouponFields;
  errors: Record<string, string>;
  sending: boolean;
  message: string | null;
}

export interface CouponsState {
  status: 'loading' | 'ready' | 'failed';
  query: string;
  coupons: CouponView[];
  tours: { id: string; name: string }[];
  editor: CouponEditor | null;
  /** The coupon asked to be deleted, waiting for 'Borrar' in its confirmation. */
  deleting: { coupon: CouponView; sending: boolean; message: string | null } | null;
  message: string | null;
  done: string | null;
}

export const $coupons = map<CouponsState>({ status: 'loading', query: '', coupons: [], tours: [], editor: null, deleting: null, message: null, done: null });
const patch = (changes: Partial<CouponsState>) => $coupons.set({ ...$coupons.get(), ...changes });
const patchEditor = (changes: Partial<CouponEditor>) => {
  const { editor } = $coupons.get();
  if (editor) patch({ editor: { ...editor, ...changes } });
};

const emptyForm = (): CouponFields => ({
  code: '',
  type: 'percentage',
  value: '',
  couponCondition: 'PER_BOOKING',
  startDate: '',
  endDate: '',
  uses: '100',
  status: 'active',
  tourId: '',
  tourType: '',
  periodId: '',
  flightId: '',
});

const formOf = (c: CouponView): CouponFields => ({
  code: c.code,
  type: c.type,
  value: c.type === 'percentage' ? String(c.value) : (c.value / 100).toLocaleString('es-ES', { maximumFractionDigits: 2, useGrouping: false }),
  couponCondition: c.couponCondition,
  startDate: c.startDate ?? '',
  endDate: c.endDate ?? '',
  uses: String(c.uses),
  status: c.status,
  tourId: c.tourId ?? '',
  tourType: c.tourType ?? '',
  periodId: c.periodId ?? '',
  flightId: c.flightId ?? '',
});

async function load() {
  const result = await callApi(() => api.admin.coupons.$get({ query: { q: $coupons.get().query } }));
  if (!result.ok) {
    patch({ status: $coupons.get().coupons.length ? 'ready' : 'failed', message: result.message });
    return;
  }
  patch({ status: 'ready', coupons: result.data.coupons, message: null });
}

export async function openCoupons() {
  const [options] = await Promise.all([callApi(() => api.admin.bookings.options.$get()), load()]);
  if (options.ok) patch({ tours: options.data.tours });
}

export const setQuery = (query: string) => patch({ query });
export const search = () => load();

export function newCoupon() {
  patch({ editor: { id: null, version: 0, requestId: crypto.randomUUID(), form: emptyForm(), errors: {}, sending: false, message: null }, done: null });
}

export function editCoupon(coupon: CouponView) {
  patch({ editor: { id: coupon.id, version: coupon.version, requestId: '', form: formOf(coupon), errors: {}, sending: false, message: null }, done: null });
}

export const closeEditor = () => patch({ editor: null });

export function setField(field: keyof CouponFields, value: string) {
  const { editor } = $coupons.get();
  if (!editor) return;
  const { [field]: _fixed, ...errors } = editor.errors;
  patchEditor({ form: { ...editor.form, [field]: value }, errors });
}

export async function saveEditor() {
  const { editor } = $coupons.get();
  if (!editor || editor.sending) return;
  const checked = CouponFormSchema.safeParse(editor.form);
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
    patchEditor({ errors });
    return;
  }
  patchEditor({ sending: true, message: null });
  const result = editor.id
    ? await callApi(() =>
        api.admin.coupons[':id'].$put({ param: { id: editor.id as string }, json: { version: editor.version, coupon: editor.form as CouponForm } }),
      )
    : await callApi(() => api.admin.coupons.$post({ json: { requestId: editor.requestId, coupon: editor.form as CouponForm } }));
  if (!result.ok) {
    const errors: Record<string, string> = {};
    for (const [key, message] of Object.entries(result.fields)) errors[key.replace(/^coupon\./, '')] = message;
    patchEditor({ sending: false, errors, message: result.message });
    return;
  }
  patch({ editor: null, done: editor.id ? `Cupón ${result.data.coupon.code} guardado.` : `Cupón ${result.data.coupon.code} creado.` });
  await load();
}

/** 'Desactivar' / 'Activar' on a row: the coupon as it is, with the other status. */
export async function toggleStatus(coupon: CouponView) {
  const form = { ...formOf(coupon), status: coupon.status === 'active' ? 'inactive' : 'active' };
  const result = await callApi(() =>
    api.admin.coupons[':id'].$put({ param: { id: coupon.id }, json: { version: coupon.version, coupon: form as CouponForm } }),
  );
  if (!result.ok) {
    patch({ message: result.message, done: null });
    await load();
    return;
  }
  patch({ message: null, done: `Cupón ${coupon.code} ${result.data.coupon.status === 'active' ? 'activado' : 'desactivado'}.` });
  await load();
}

export const askDelete = (coupon: CouponView) => patch({ deleting: { coupon, sending: false, message: null }, done: null });
export const cancelDelete = () => patch({ deleting: null });

export async function confirmDelete() {
  const { deleting } = $coupons.get();
  if (!deleting || deleting.sending) return;
  patch({ deleting: { ...deleting, sending: true, message: null } });
  const { coupon } = deleting;
  const result = await callApi(() => api.admin.coupons[':id'].$delete({ param: { id: coupon.id }, query: { version: String(coupon.version) } }));
  if (!result.ok) {
    patch({ deleting: { ...deleting, sending: false, message: result.message } });
    return;
  }
  patch({ deleting: null, done: `Cupón ${coupon.code} borrado.` });
  await load();
}
