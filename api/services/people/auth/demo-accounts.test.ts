import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../db/seed/accounts.ts';
import { createAccount } from '../../../../tests/support/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/databases.ts';
import { demoAccountsRefusal, demoAccountsThatSignIn } from './demo-accounts.ts';

describe('demo accounts that sign in', () => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  it('names the demo accounts whose published password works, and none that is disabled, changed or absent', async () => {
    t = await createTestDatabase('sqlite');
    const [admin, guide, traveller] = DEMO_ACCOUNTS;
    await createAccount(t.db, { email: admin!.email, password: admin!.password, groups: ['drAdmin'] });
    await createAccount(t.db, { email: guide!.email, password: guide!.password, disabled: true });
    await createAccount(t.db, { email: traveller!.email, password: 'otra contraseña que nadie publicó' });
    await createAccount(t.db, { email: 'jefa@agencia.es', password: admin!.password, groups: ['drAdmin'] });
    expect(await demoAccountsThatSignIn(t.db)).toEqual([admin!.email]);
    const refusal = demoAccountsRefusal([admin!.email]);
    expect(refusal).toContain('La tienda no arranca en producción');
    expect(refusal).toContain('The shop does not start in production');
    expect(refusal).toContain('ALLOW_DEMO_ACCOUNTS=1');
    expect(refusal).not.toContain(admin!.password);
  });
});
