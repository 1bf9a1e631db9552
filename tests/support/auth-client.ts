/**
 * Test helpers for the accounts API: a "browser" that keeps the cookies the API sets and sends them
 * back (ignoring paths: every test request goes to the API), accounts made directly in the database,
 * and the codes and links read from the outbox.
 */
import type { Db } from '#api/db/database.ts';
import { hashPassword } from '#api/services/people/auth/password.ts';

interface Requestable {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface TestBrowser {
  cookies: Map<string, string>;
  request(path: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }): Promise<Response>;
  get(path: string): Promise<Response>;
  post(path: string, json?: unknown): Promise<Response>;
}

/** Stores each `Set-Cookie`, and forgets one that is deleted (Max-Age=0 or an expiry in the past). */
export function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const header of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const deleted = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()));
    if (deleted || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** The origin the API's CSRF check accepts for in-process requests (`app.request` uses http://localhost). */
export const TEST_ORIGIN = 'http://localhost';

export function createBrowser(api: Requestable): TestBrowser {
  const cookies = new Map<string, string>();
  const request: TestBrowser['request'] = async (path, init = {}) => {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', cookieHeader(cookies));
    if (method !== 'GET' && !headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await api.request(path, { method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    storeCookies(cookies, res);
    return res;
  };
  return {
    cookies,
    request,
    get: (path) => request(path),
    post: (path, json) => request(path, { method: 'POST', json: json ?? {} }),
  };
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

/** An account written straight to the database (verified unless told otherwise). */
export async function createAccount(
  db: Db,
  {
    email,
    password = 'un-viaje-largo-2026',
    verified = true,
    groups = [],
    disabled = false,
  }: { email: string; password?: string; verified?: boolean; groups?: ('drAdmin' | 'guides')[]; disabled?: boolean },
): Promise<TestAccount> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: verified ? at : null,
      travelerId: null,
      disabledAt: disabled ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  for (const groupName of groups) await db.insertInto('userGroups').values({ userId: id, groupName }).execute();
  return { id, email, password };
}

/** Gives an account already in the database (a caller's, say) a password, as choosing one would. */
export async function setPassword(db: Db, userId: string, password = 'un-viaje-largo-2026'): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute();
}

/** The outbox rows addressed to `to`, oldest first. */
export function mailsTo(db: Db, to: string) {
  return db.selectFrom('mails').selectAll().where('toAddress', '=', to).orderBy('createdAt').orderBy('id').execute();
}

/** The newest mail to `to` (throws when there is none). */
export async function lastMailTo(db: Db, to: string) {
  const mails = await mailsTo(db, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

/** The 6-digit code in a mail's plain-text part. */
export function codeIn(mail: { text: string }): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in:\n${mail.text}`);
  return match[1];
}

/** The token of a `/login?{param}=…` link in a mail's plain-text part. */
export function linkTokenIn(mail: { text: string }, param: string): string {
  const match = new RegExp(`[?&]${param}=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${param} link in:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
