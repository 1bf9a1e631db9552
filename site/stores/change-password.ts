/**
 * Changing the password from the profile: the form's values, per-field messages and outcome. The server
 * checks the current password and the common-password list; other sessions are signed out there.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import { ChangePasswordSchema } from '#shared/schemas/auth.ts';
import { api, callApi } from '../lib/api-client.ts';

export type ChangePasswordField = 'currentPassword' | 'newPassword';

export interface ChangePasswordState {
  values: Record<ChangePasswordField, string>;
  errors: Partial<Record<ChangePasswordField, string>>;
  sending: boolean;
  /** A Spanish sentence for the whole form: the outcome or a problem that is not a field's. */
  message: string | null;
  done: boolean;
}

const initial = (): ChangePasswordState => ({ values: { currentPassword: '', newPassword: '' }, errors: {}, sending: false, message: null, done: false });

export const $changePassword = map<ChangePasswordState>(initial());

export const CHANGED_MESSAGE = 'Contraseña cambiada. Hemos cerrado tus sesiones en otros dispositivos.';

export function setChangePasswordField(field: ChangePasswordField, value: string): void {
  const state = $changePassword.get();
  $changePassword.set({ ...state, values: { ...state.values, [field]: value }, errors: { ...state.errors, [field]: undefined }, done: false, message: null });
}

export async function submitChangePassword(): Promise<boolean> {
  const state = $changePassword.get();
  const parsed = ChangePasswordSchema.safeParse(state.values);
  if (!parsed.success) {
    const { currentPassword, newPassword } = issuesToFields(parsed.error.issues, '', { depth: 1 });
    const errors: ChangePasswordState['errors'] = { ...(currentPassword ? { currentPassword } : {}), ...(newPassword ? { newPassword } : {}) };
    $changePassword.set({ ...state, errors, message: null });
    return false;
  }
  $changePassword.set({ ...state, sending: true, message: null });
  const result = await callApi(() => api.auth['change-password'].$post({ json: parsed.data }));
  if (result.ok) {
    $changePassword.set({ ...initial(), done: true, message: CHANGED_MESSAGE });
    return true;
  }
  $changePassword.set({ ...$changePassword.get(), sending: false, errors: result.fields as ChangePasswordState['errors'], message: result.message });
  return false;
}
