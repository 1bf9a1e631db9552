/**
 * API keys for servers (issue 33, part 4; docs/integration.md): created with a name and scopes by staff, shown
 * once, kept only as a SHA-256 hash beside their public prefix, revoked by staff. A request names its key in
 * `Authorization: Bearer drk_{prefix}_{secret}`.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type ApiScope, INTEGRATION_MESSAGES } from '#shared/schemas/integration.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import type { IntegrationPress } from './webhooks.ts';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** 'Nueva clave': the key is answered once, with the press that made it (a replay cannot show it again). */
export async function createApiKey(db: Db, press: IntegrationPress & { name: string; scopes: ApiScope[] }): Promise<{ applied: boolean; key: string | null }> {
  const id = randomUUID();
  const prefix = `drk_${randomBytes(6).toString('hex')}`;
  const key = `${prefix}_${randomBytes(24).toString('base64url')}`;
  const applied = await applyOnce(
    db,
    { entityType: 'api-key', entityId: null, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      await trx
        .insertInto('apiKeys')
        .values({
          id,
          name: press.name,
          prefix,
          keyHash: hashOf(key),
          scopes: JSON.stringify(press.scopes),
          createdBy: press.actor.email,
          createdAt: press.now.toISOString(),
        })
        .execute();
      await record({ action: 'create', before: null, after: { name: press.name, prefix, scopes: press.scopes }, made: id });
      return true;
    },
    () => false,
  );
  return { applied, key: applied ? key : null };
}

/** 'Revocar': from now on the key is refused. */
export async function revokeApiKey(db: Db, press: IntegrationPress & { id: string }): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'api-key', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const row = await trx.selectFrom('apiKeys').select(['revokedAt', 'prefix']).where('id', '=', press.id).executeTakeFirst();
      if (!row) throw notFound(INTEGRATION_MESSAGES.keyNotFound);
      if (row.revokedAt) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.keyRevoked);
      await trx.updateTable('apiKeys').set({ revokedAt: press.now.toISOString() }).where('id', '=', press.id).execute();
      await record({ action: 'revoke', before: { prefix: row.prefix }, after: { revokedAt: press.now.toISOString() } });
      return true;
    },
    () => false,
  );
}

export interface ApiCaller {
  keyId: string;
  name: string;
  scopes: ApiScope[];
  /** Who the key's presses are recorded as. */
  actor: Actor;
}

/** The key a request names, when it is one of ours and not revoked; null otherwise. */
export async function authenticateApiKey(db: Db, header: string | undefined, now: Date): Promise<ApiCaller | null> {
  const key = /^Bearer\s+(drk_[0-9a-f]{12}_[\w-]{20,64})$/.exec(header?.trim() ?? '')?.[1];
  if (!key) return null;
  const prefix = key.slice(0, 16);
  const row = await db.selectFrom('apiKeys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
  if (!row || row.revokedAt) return null;
  const given = Buffer.from(hashOf(key), 'hex');
  const kept = Buffer.from(row.keyHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
  // Seen at most once a minute: a busy integration does not write on every call.
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > 60_000)
    await db.updateTable('apiKeys').set({ lastUsedAt: now.toISOString() }).where('id', '=', row.id).execute();
  return { keyId: row.id, name: row.name, scopes: JSON.parse(row.scopes) as ApiScope[], actor: { userId: '', email: `api:${row.name}` } };
}

export async function listApiKeys(db: Db) {
  const rows = await db.selectFrom('apiKeys').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: JSON.parse(k.scopes) as ApiScope[],
    createdBy: k.createdBy,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
  }));
}
