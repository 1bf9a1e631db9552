/**
 * /admin/cupones: the coupons, searched by code, and one form at a time (a new coupon or an edit) in a
 * dialog. The form is checked with the server's own schema before sending; whatever the server answers,
 * what was typed stays. A new coupon is one press (a double click creates one); edits and deletes carry
 * the version they were made from.
 */
import { formatEurosInput } from '#shared/rules/money.ts';
import { type CouponForm, CouponFormSchema, type CouponView } from '#shared/schemas/backoffice.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export type CouponFields = { [K in keyof CouponForm]-?: string };

export interface CouponEditor extends Press {
  /** null: a new coupon. */
  id: string | null;
  version: number;
  form: CouponFields;
}

export const coupons = createListScreen({
  filters: ['q'],
  load: (query) => callApi(() => api.admin.coupons.$get({ query })),
  extra: {
    tours: [] as { id: string; name: string }[],
    editor: null as CouponEditor | null,
    /** The coupon asked to be deleted, waiting for 'Borrar' in its confirmation. */
    deleting: null as (Press & { coupon: CouponView }) | null,
  },
});

const formOf = (c: CouponView | null): CouponFields => ({
  code: c?.code ?? '',
  type: c?.type ?? 'percentage',
  value: !c ? '' : c.type === 'percentage' ? String(c.value) : formatEurosInput(c.value),
  couponCondition: c?.couponCondition ?? 'PER_BOOKING',
  startDate: c?.startDate ?? '',
  endDate: c?.endDate ?? '',
  uses: String(c?.uses ?? 100),
  status: c?.status ?? 'active',
  tourId: c?.tourId ?? '',
  tourType: c?.tourType ?? '',
  periodId: c?.periodId ?? '',
  flightId: c?.flightId ?? '',
});

export async function openCoupons() {
  const [options] = await Promise.all([callApi(() => api.admin.bookings.options.$get()), coupons.open(location.search)]);
  if (options.ok) coupons.patch({ tours: options.data.tours });
}

const editor = (coupon: CouponView | null): CouponEditor => ({ ...newPress(), id: coupon?.id ?? null, version: coupon?.version ?? 0, form: formOf(coupon) });
export const newCoupon = () => coupons.patch({ editor: editor(null), done: null });
export const editCoupon = (coupon: CouponView) => coupons.patch({ editor: editor(coupon), done: null });
export const closeEditor = () => coupons.patch({ editor: null });

export function setField(field: keyof CouponFields, value: string) {
  const { editor } = coupons.$state.get();
  if (!editor) return;
  const { [field]: _fixed, ...fields } = editor.fields;
  coupons.patch({ editor: { ...editor, form: { ...editor.form, [field]: value }, fields } });
}

export async function saveEditor() {
  const current = coupons.$state.get().editor;
  if (!current) return;
  const checked = CouponFormSchema.safeParse(current.form);
  if (!checked.success) {
    coupons.patch({ editor: { ...current, fields: issuesToFields(checked.error.issues) } });
    return;
  }
  const sent = await sendPress(
    () => coupons.$state.get().editor,
    (press) =>
      coupons.patch({ editor: { ...press, fields: Object.fromEntries(Object.entries(press.fields).map(([k, m]) => [k.replace(/^coupon\./, ''), m])) } }),
    (requestId, { id, version, form }) =>
      id
        ? callApi(() => api.admin.coupons[':id'].$put({ param: { id }, json: { version, coupon: form as CouponForm } }))
        : callApi(() => api.admin.coupons.$post({ json: { requestId, coupon: form as CouponForm } })),
  );
  if (!sent?.ok) return;
  coupons.patch({ editor: null, done: current.id ? `Cupón ${sent.data.coupon.code} guardado.` : `Cupón ${sent.data.coupon.code} creado.` });
  await coupons.reload();
}

/** 'Desactivar' / 'Activar' on a row: the coupon as it is, with the other status. */
export async function toggleStatus(coupon: CouponView) {
  const form = { ...formOf(coupon), status: coupon.status === 'active' ? 'inactive' : 'active' };
  const result = await callApi(() =>
    api.admin.coupons[':id'].$put({ param: { id: coupon.id }, json: { version: coupon.version, coupon: form as CouponForm } }),
  );
  await coupons.reload();
  coupons.patch(
    result.ok
      ? { message: null, done: `Cupón ${coupon.code} ${result.data.coupon.status === 'active' ? 'activado' : 'desactivado'}.` }
      : { message: result.message, done: null },
  );
}

export const askDelete = (coupon: CouponView) => coupons.patch({ deleting: { ...newPress(), coupon }, done: null });
export const cancelDelete = () => coupons.patch({ deleting: null });

export async function confirmDelete() {
  const sent = await sendPress(
    () => coupons.$state.get().deleting,
    (deleting) => coupons.patch({ deleting }),
    (_requestId, { coupon }) => callApi(() => api.admin.coupons[':id'].$delete({ param: { id: coupon.id }, query: { version: String(coupon.version) } })),
  );
  const { deleting } = coupons.$state.get();
  if (!sent?.ok || !deleting) return;
  coupons.patch({ deleting: null, done: `Cupón ${deleting.coupon.code} borrado.` });
  await coupons.reload();
}
