/**
 * The browser's side of the shop's proof-of-work challenge (ALTCHA, self-hosted: docs/decisions/038). The
 * solver is loaded only when the API asks for a challenge, so no page carries it otherwise.
 */
import { api, type ApiResult, callApi } from './api-client.ts';

/** Fetches a challenge and solves it here (a second or so); the solution to send as the form's `altcha`. */
export async function solveChallenge(): Promise<string | null> {
  const issued = await callApi(() => api.auth.captcha.$post(), { renew: false });
  if (!issued.ok) return null;
  try {
    const [{ solveChallenge: solve }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
    const solution = await solve({ challenge: issued.data, deriveKey });
    return solution ? btoa(JSON.stringify({ challenge: issued.data, solution })) : null;
  } catch {
    return null;
  }
}

/** Sends a form; when the API asks for a challenge (`fields.altcha`), solves one and sends it once more with it. */
export async function sendWithChallenge<T>(send: (altcha?: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const first = await send();
  if (first.ok || !first.fields['altcha']) return first;
  const altcha = await solveChallenge();
  return altcha ? send(altcha) : first;
}
