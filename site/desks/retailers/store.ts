/**
 * The agencies (/admin/retailers): searched and paged on the server. 'Nueva agencia' opens the form in a
 * dialog, sent as one press (a double click makes one agency); whatever the server answers, what was
 * typed stays.
 */
import { type RetailerForm, RetailerListQuerySchema } from '#shared/schemas/retailers.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { checkRetailerForm, emptyRetailerForm, type RetailerField, type RetailerFields, serverFieldErrors } from '../../stores/retailer-form.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface NewRetailer extends Press {
  form: RetailerFields;
}

export const retailers = createListScreen({
  filters: ['q', 'membership'],
  check: (form) => RetailerListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.retailers.$get({ query })),
  extra: {
    creating: null as NewRetailer | null,
    /** The agency just created, for the status line and its link. */
    created: null as { id: string; name: string } | null,
  },
});

const patchCreating = (changes: Partial<NewRetailer>) => {
  const { creating } = retailers.$state.get();
  if (creating) retailers.patch({ creating: { ...creating, ...changes } });
};

export const newRetailer = () => retailers.patch({ creating: { ...newPress(), form: emptyRetailerForm() }, created: null });
export const closeNewRetailer = () => retailers.patch({ creating: null });

export function setNewRetailerField(field: RetailerField, value: string) {
  const { creating } = retailers.$state.get();
  if (!creating) return;
  const { [field]: _fixed, ...fields } = creating.fields;
  patchCreating({ form: { ...creating.form, [field]: value }, fields });
}

/** 'Guardar' in the dialog. Resolves to whether the agency was created (the dialog then closes). */
export async function createRetailer(): Promise<boolean> {
  const { creating } = retailers.$state.get();
  if (!creating || creating.sending) return false;
  const fields = checkRetailerForm(creating.form);
  if (Object.keys(fields).length) {
    patchCreating({ fields, error: 'Revisa los datos marcados.' });
    return false;
  }
  const sent = await sendPress(
    () => retailers.$state.get().creating,
    (press) => retailers.patch({ creating: { ...press, fields: serverFieldErrors(press.fields) } }),
    (requestId, { form }) => callApi(() => api.admin.retailers.$post({ json: { requestId, retailer: form as RetailerForm } })),
  );
  if (!sent?.ok) return false;
  const { retailer } = sent.data;
  retailers.patch({ creating: null, created: { id: retailer.id, name: retailer.name } });
  await retailers.reload();
  return true;
}
