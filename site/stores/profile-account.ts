/**
 * The traveller's own personal data on /perfil: the form (from the version it was opened at, one request id
 * per press so a double click saves once), the download of everything kept about them and the deletion of
 * the account, which asks for the password again and an explicit yes.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import { type MyAccount, PROFILE_FIELDS, type ProfileField, ProfileFormSchema } from '#shared/schemas/me-account.ts';
import { ACCOUNT_MESSAGES } from '#shared/schemas/me-account.ts';
import { api, callApi } from '../lib/api-client.ts';
import { signOut } from './session.ts';

export type ProfileValues = Record<ProfileField, string>;

export interface EraseForm {
  open: boolean;
  password: string;
  confirm: boolean;
  errors: Partial<Record<'password' | 'confirm', string>>;
  sending: boolean;
  requestId: string;
  message: string | null;
}

export interface ProfileAccountState {
  status: 'loading' | 'ready' | 'failed';
  account: MyAccount | null;
  values: ProfileValues;
  errors: Partial<Record<ProfileField, string>>;
  saving: boolean;
  requestId: string;
  /** The outcome of the last save, or why it failed as a whole. */
  message: string | null;
  saved: boolean;
  erase: EraseForm;
  /** The account is gone: the profile says so instead of asking to sign in. */
  erased: boolean;
}

const newId = () => crypto.randomUUID();
const closedErase = (): EraseForm => ({ open: false, password: '', confirm: false, errors: {}, sending: false, requestId: newId(), message: null });
const emptyValues = () => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ''])) as ProfileValues;

export const $profileAccount = map<ProfileAccountState>({
  status: 'loading',
  account: null,
  values: emptyValues(),
  errors: {},
  saving: false,
  requestId: newId(),
  message: null,
  saved: false,
  erase: closedErase(),
  erased: false,
});

const patch = (changes: Partial<ProfileAccountState>) => $profileAccount.set({ ...$profileAccount.get(), ...changes });
const patchErase = (changes: Partial<EraseForm>) => patch({ erase: { ...$profileAccount.get().erase, ...changes } });

/** A refused press applied nothing, so the next is new; without an answer the same id goes again. */

export async function loadAccount() {
  const result = await callApi(() => api.me.account.$get());
  if (!result.ok) {
    patch({ status: 'failed', message: result.message });
    return;
  }
  patch({ status: 'ready', account: result.data, values: { ...result.data.profile }, errors: {}, message: null });
}

export function setProfileField(field: ProfileField, value: string) {
  const { values, errors } = $profileAccount.get();
  const { [field]: _fixed, ...rest } = errors;
  patch({ values: { ...values, [field]: value }, errors: rest, saved: false, message: null });
}

export async function saveProfile() {
  const state = $profileAccount.get();
  if (!state.account || state.saving) return;
  const checked = ProfileFormSchema.safeParse(state.values);
  if (!checked.success) {
    const errors: Partial<Record<ProfileField, string>> = issuesToFields(checked.error.issues, '', { depth: 1 });
    patch({ errors, message: 'Revisa los datos marcados.', saved: false });
    return;
  }
  patch({ saving: true, message: null, saved: false });
  const result = await callApi(() =>
    api.me.account.$put({ json: { requestId: state.requestId, version: state.account?.version ?? 0, profile: state.values } }),
  );
  if (!result.ok) {
    const errors: Partial<Record<ProfileField, string>> = {};
    for (const [key, message] of Object.entries(result.fields)) errors[key.replace(/^profile\./, '') as ProfileField] = message;
    patch({ saving: false, errors, message: result.message, requestId: nextRequestId(result, state.requestId) });
    if (result.status === 409) {
      // Changed in another tab: what was typed stays, saved against the version the server now has.
      const fresh = await callApi(() => api.me.account.$get());
      if (fresh.ok) patch({ account: fresh.data });
    }
    return;
  }
  // A field typed while the save was on its way keeps what was typed (it is saved by the next press); the
  // others show what the server kept.
  const now = $profileAccount.get().values;
  const typedSince = PROFILE_FIELDS.filter((field) => now[field] !== state.values[field]);
  const values = { ...result.data.account.profile };
  for (const field of typedSince) values[field] = now[field];
  patch({
    saving: false,
    account: result.data.account,
    values,
    requestId: newId(),
    saved: typedSince.length === 0,
    message: typedSince.length === 0 ? ACCOUNT_MESSAGES.saved : null,
  });
}

export const openErase = () => patch({ erase: { ...closedErase(), open: true } });
export const closeErase = () => patch({ erase: closedErase() });
export const setErasePassword = (password: string) => patchErase({ password, errors: { ...$profileAccount.get().erase.errors, password: undefined } });
export const setEraseConfirm = (confirm: boolean) => patchErase({ confirm, errors: { ...$profileAccount.get().erase.errors, confirm: undefined } });

export async function confirmErase() {
  const { erase, account } = $profileAccount.get();
  if (erase.sending) return;
  const errors: EraseForm['errors'] = {};
  if (!erase.confirm) errors.confirm = ACCOUNT_MESSAGES.confirmRequired;
  if (account?.hasPassword && !erase.password) errors.password = ACCOUNT_MESSAGES.passwordRequired;
  if (Object.keys(errors).length) {
    patchErase({ errors, message: null });
    return;
  }
  patchErase({ sending: true, message: null });
  const result = await callApi(() =>
    api.me.account.erase.$post({ json: { requestId: erase.requestId, password: erase.password, confirm: erase.confirm as true } }),
  );
  if (!result.ok) {
    patchErase({ sending: false, errors: result.fields, message: result.message, requestId: nextRequestId(result, erase.requestId) });
    return;
  }
  patch({ erased: true, erase: closedErase() });
  // The server has already ended the session; this forgets it in the page and in the header's hint.
  await signOut();
}
