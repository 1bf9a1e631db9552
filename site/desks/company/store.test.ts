/**
 * /admin/empresa's store against the real API, as an admin: a wrong e-mail is refused at its field before
 * sending; a save goes once though its first answer was lost; a colleague's save meanwhile marks the form stale,
 * and their data can be loaded.
 */
import { describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES } from '#shared/schemas/company.ts';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import { $company, editCompany, openCompany, reloadCompany, saveCompany, setCompanyField } from './store.ts';

const island = withIslandApi({ as: 'admin' });

describe('the company’s data', () => {
  it('refuses a wrong e-mail before sending, saves once though the answer was lost, and says when a colleague saved first', async () => {
    await island.t.db
      .insertInto('companyInfo')
      .values({ id: 'c1', name: 'Different Roads', numberPhone: '+34 910 000 000', email: 'hola@different.demo' })
      .execute();
    await openCompany();
    editCompany();
    setCompanyField('email', 'hola@');
    const calls = island.calls.length;
    expect(await saveCompany()).toBe(false);
    expect($company.get().editor?.fields).toEqual({ email: COMPANY_MESSAGES.email });
    expect(island.calls.length).toBe(calls);

    setCompanyField('email', 'oficina@different.demo');
    setCompanyField('phone', '+34 911 222 333');
    island.loseNextAnswer();
    expect(await saveCompany()).toBe(false);
    expect(await saveCompany()).toBe(true);
    expect($company.get()).toMatchObject({ editor: null, done: COMPANY_MESSAGES.saved, company: { phone: '+34 911 222 333', version: 2 } });
    expect(await island.t.db.selectFrom('staffActions').select('action').execute()).toEqual([{ action: 'update' }]);

    // A colleague saves while this form is open.
    editCompany();
    await island.t.db.updateTable('companyInfo').set({ schedules: 'De 9 a 14', version: 3 }).execute();
    setCompanyField('name', 'Different Roads Viajes');
    expect(await saveCompany()).toBe(false);
    expect($company.get().editor).toMatchObject({ stale: true, error: COMPANY_MESSAGES.changed });
    await reloadCompany();
    expect($company.get().editor).toMatchObject({ stale: false, version: 3, form: { schedules: 'De 9 a 14', name: 'Different Roads' } });
  });
});
