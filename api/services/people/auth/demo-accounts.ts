/**
 * The demo's accounts outside a demo. Their passwords are published (README, the seed), so in production
 * an account of theirs that still signs in is an open door: `npm start` refuses to serve while one does
 * (`ALLOW_DEMO_ACCOUNTS=1` for a public demo), whether the demo was seeded there or copied in with a backup.
 */
import type { Db } from '../../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed/accounts.ts';
import { verifyPassword } from './password.ts';

/** The e-mails of the demo accounts that sign in with their published password (enabled, with that password). */
export async function demoAccountsThatSignIn(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'passwordHash', 'disabledAt'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const open: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === account.email);
    if (row?.passwordHash && row.disabledAt === null && (await verifyPassword(row.passwordHash, account.password))) open.push(account.email);
  }
  return open;
}

/** Why a production start refuses, in Spanish and in English, naming the accounts. */
export function demoAccountsRefusal(emails: readonly string[]): string {
  const list = emails.join(', ');
  return [
    `La tienda no arranca en producción: las cuentas de demostración ${list} entran con la contraseña publicada. Bórrelas o desactívelas, o arranque con ALLOW_DEMO_ACCOUNTS=1 si es una demo pública.`,
    `The shop does not start in production: the demo accounts ${list} sign in with their published passwords. Delete or disable them, or start with ALLOW_DEMO_ACCOUNTS=1 for a public demo.`,
  ].join('\n');
}
