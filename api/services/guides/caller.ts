/**
 * Who the caller is in the guides' tools: the guide record with the signed-in account's e-mail
 * (cms-and-backoffice.md §6: "looked up by e-mail"), or staff.
 */
import { isAdmin } from '#shared/rules/session.ts';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { GuideRow } from '../../db/tables.ts';

export type GuideCaller = { kind: 'admin' } | { kind: 'guide'; guide: GuideRow } | { kind: 'none' };

export async function guideCaller(db: Db, auth: AuthContext): Promise<GuideCaller> {
  if (isAdmin(auth.groups)) return { kind: 'admin' };
  const guide = await db
    .selectFrom('guides')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', auth.email.toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
  return guide ? { kind: 'guide', guide } : { kind: 'none' };
}
