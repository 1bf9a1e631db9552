import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/accounts.ts';
import { createAccount } from '../../../tests/support/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/databases.ts';
import { testConfig } from '../../../tests/support/test-config.ts';
import { checklistLines, productionChecklist } from './production-checklist.ts';

const production = { NODE_ENV: 'production', AUTH_SECRET: 'c'.repeat(40) };

describe('the production checklist npm start checks', () => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  it('names what a shop started with the defaults lacks, and nothing once each item is done', async () => {
    t = await createTestDatabase('sqlite');
    const bare = testConfig(production);
    await createAccount(t.db, { email: DEMO_ACCOUNTS[0]!.email, groups: ['drAdmin'] });
    const missing = (await productionChecklist(t.db, bare)).filter((i) => !i.ok).map((i) => i.item);
    expect(missing).toEqual([
      'Dirección pública (PUBLIC_URL)',
      'Terminal de pago (REDSYS_*)',
      'Cuenta para transferencias (BANK_TRANSFER_*)',
      'Correo saliente (SMTP_URL)',
      'Un administrador de la tienda',
      'Copias de seguridad',
    ]);
    expect(checklistLines(await productionChecklist(t.db, bare))[0]).toBe('Lista de producción: faltan 6 de 7 (docs/operations.md):');
    // Behind nginx with https but without TRUST_PROXY, every visitor is one: said too.
    const https = testConfig({ ...production, PUBLIC_URL: 'https://www.viajes-reales.es' });
    expect((await productionChecklist(t.db, https)).find((i) => i.item.startsWith('Detrás de un proxy'))?.ok).toBe(false);

    const ready = testConfig({
      ...production,
      PUBLIC_URL: 'https://www.viajes-reales.es',
      TRUST_PROXY: '1',
      REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
      REDSYS_SECRET_KEY: Buffer.alloc(24, 7).toString('base64'),
      SMTP_URL: 'smtps://tienda:clave@correo.viajes-reales.es:465',
      BANK_TRANSFER_IBAN: 'ES12 3456 7890 1234 5678 9012',
      BANK_TRANSFER_BENEFICIARY: 'Viajes Reales, S.L.',
      BANK_TRANSFER_BANK: 'Banco Real',
    });
    await createAccount(t.db, { email: 'direccion@viajes-reales.es', groups: ['drAdmin'] });
    const backup = join(ready.dataDir, 'backups', 'hoy');
    mkdirSync(backup, { recursive: true });
    writeFileSync(join(backup, 'backup.json'), '{}');
    expect(checklistLines(await productionChecklist(t.db, ready))).toEqual(['Lista de producción: todo en orden.']);
    // A backup three days old is not a daily one.
    expect((await productionChecklist(t.db, ready, new Date(Date.now() + 3 * 86_400_000))).find((i) => i.item === 'Copias de seguridad')?.ok).toBe(false);
  });
});
