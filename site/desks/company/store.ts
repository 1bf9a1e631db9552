/**
 * /admin/empresa (issue 33): the company's data every page, mail and document shows. One form in a dialog,
 * checked with the API's own schema before sending, saved as one press from the version it was read at; a
 * colleague's save meanwhile is refused and their data can be loaded.
 */
import { map } from 'nanostores';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { COMPANY_MESSAGES, type CompanyData, CompanyFieldsSchema } from '#shared/schemas/company.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export type CompanyForm = Record<'name' | 'phone' | 'email' | 'schedules' | 'offerValidity', string>;

export interface CompanyEditor extends Press {
  version: number;
  form: CompanyForm;
  /** Another save came first: the form keeps what was typed until their data is loaded. */
  stale: boolean;
}

export interface CompanyState {
  status: 'loading' | 'ready' | 'failed';
  company: CompanyData | null;
  editor: CompanyEditor | null;
  message: string | null;
  done: string | null;
}

export const $company = map<CompanyState>({ status: 'loading', company: null, editor: null, message: null, done: null });
const patch = (changes: Partial<CompanyState>) => $company.set({ ...$company.get(), ...changes });

export async function openCompany() {
  patch({ status: 'loading', editor: null, message: null, done: null });
  const result = await callApi(() => api.admin.company.$get());
  patch(result.ok ? { status: 'ready', company: result.data.company } : { status: 'failed', message: result.message });
}

const formOf = (c: CompanyData): CompanyForm => ({
  name: c.name,
  phone: c.phone ?? '',
  email: c.email ?? '',
  schedules: c.schedules ?? '',
  offerValidity: c.offerValidity ?? '',
});

export function editCompany() {
  const { company } = $company.get();
  if (company) patch({ editor: { ...newPress(), version: company.version, form: formOf(company), stale: false }, done: null });
}

export const closeCompany = () => patch({ editor: null });

/** Typing again clears that field's refusal. */
export function setCompanyField(field: keyof CompanyForm, value: string) {
  const { editor } = $company.get();
  if (!editor) return;
  const { [field]: _cleared, ...fields } = editor.fields;
  patch({ editor: { ...editor, form: { ...editor.form, [field]: value }, fields } });
}

/** 'Guardar': refused at its fields before sending; applied once however often pressed. */
export async function saveCompany(): Promise<boolean> {
  const { editor } = $company.get();
  if (!editor) return false;
  const checked = CompanyFieldsSchema.safeParse(editor.form);
  if (!checked.success) {
    const fields = issuesToFields(checked.error.issues, '', { depth: 1 });
    patch({ editor: { ...editor, fields, error: 'Revisa los campos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $company.get().editor,
    (next) => patch({ editor: next }),
    (requestId, press) => callApi(() => api.admin.company.$put({ json: { ...checked.data, version: press.version, requestId } })),
  );
  if (!sent) return false;
  if (!sent.ok) {
    if (sent.status === 409) patch({ editor: { ...($company.get().editor ?? editor), stale: true } });
    return false;
  }
  patch({ company: sent.data.company, editor: null, done: sent.data.changed ? COMPANY_MESSAGES.saved : COMPANY_MESSAGES.unchanged });
  return true;
}

/** After a colleague's save: their data read again, and the form opened from it. */
export async function reloadCompany() {
  await openCompany();
  editCompany();
}
