/**
 * The company's data (CompanyInfo) as staff edit it on /admin/empresa (issue 33): read, and saved once per
 * press from the version the form was read at. Every page shows it in its footer (`contentKeys.company`), so a
 * save publishes every page again; mails and documents read it when they are made.
 */
import { COMPANY_MESSAGES, type CompanyData, type CompanyFields } from '#shared/schemas/company.ts';
import { contentKeys } from '#shared/page-deps.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import type { TargetedChange } from './rebuilds.ts';

export const companyChange: TargetedChange = { changed: [contentKeys.company], content: true };

/** The record staff edit: the first one (the shop has one company). */
const firstRow = (db: Db | Trx) => db.selectFrom('companyInfo').selectAll().orderBy('id').executeTakeFirst();

export async function readCompany(db: Db): Promise<CompanyData> {
  const row = await firstRow(db);
  if (!row) return { name: '', phone: null, email: null, schedules: null, offerValidity: null, version: 0, updatedAt: null };
  return {
    name: row.name,
    phone: row.numberPhone,
    email: row.email,
    schedules: row.schedules,
    offerValidity: row.offerValidity,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** How the office reaches travellers, as mails and documents print it; null before the company has data. */
export interface OfficeContact {
  name: string;
  phone: string | null;
  email: string | null;
  schedules: string | null;
}

export async function readOfficeContact(db: Db | Trx): Promise<OfficeContact | null> {
  const row = await db.selectFrom('companyInfo').select(['name', 'numberPhone', 'email', 'schedules']).orderBy('id').executeTakeFirst();
  return row ? { name: row.name, phone: row.numberPhone, email: row.email, schedules: row.schedules } : null;
}

/**
 * 'Guardar': the fields from the version the form was read at (a colleague's save meanwhile is refused);
 * `changed` is false when nothing differs, and then nothing is recorded or published.
 */
export async function saveCompany(
  db: Db,
  press: CompanyFields & { version: number; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean; changed: boolean }> {
  const existing = await firstRow(db);
  const id = existing?.id ?? 'company';
  return applyOnce(
    db,
    { entityType: 'company', entityId: id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const row = await firstRow(trx);
      if ((row?.version ?? 0) !== press.version) throw new AppError('CONFLICT', COMPANY_MESSAGES.changed);
      const before = row ? { name: row.name, phone: row.numberPhone, email: row.email, schedules: row.schedules, offerValidity: row.offerValidity } : null;
      const after = { name: press.name, phone: press.phone, email: press.email, schedules: press.schedules, offerValidity: press.offerValidity };
      if (JSON.stringify(before) === JSON.stringify(after)) return { applied: true, changed: false };
      const values = {
        name: after.name,
        numberPhone: after.phone,
        email: after.email,
        schedules: after.schedules,
        offerValidity: after.offerValidity,
        version: press.version + 1,
        updatedAt: press.now.toISOString(),
      };
      if (row) await trx.updateTable('companyInfo').set(values).where('id', '=', row.id).where('version', '=', press.version).execute();
      else
        await trx
          .insertInto('companyInfo')
          .values({ id, ...values })
          .execute();
      await record({ action: 'update', before, after });
      return { applied: true, changed: true };
    },
    // A press already applied changed something: one that changes nothing records nothing, so is never replayed.
    () => ({ applied: false, changed: true }),
  );
}
