/** What `npm start` prints once the shop serves. */
import type { Config } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed/accounts.ts';

/**
 * The shop's address and health route, and the demo accounts with their passwords where the demo was
 * seeded outside production. Never in production: a log is read by more people than the shop's staff,
 * and a public demo's passwords are for its own page to say.
 */
export function startBanner(config: Pick<Config, 'publicUrl' | 'seedDemo' | 'env'>): string[] {
  const lines = ['', `La tienda está en marcha: ${config.publicUrl}`, `Salud de la API: ${config.publicUrl}/api/health`];
  if (config.seedDemo && config.env !== 'production') {
    lines.push('', 'Cuentas de demostración:');
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.role.padEnd(9)} ${account.email}  /  ${account.password}`);
  }
  return lines;
}
