/**
 * What staff do to a traveller from /admin/travelers/{id} (issue 13): edit the personal fields (from the
 * version they opened), force a password change, export the personal data and erase it. Every press is
 * recorded in `staff_actions` in the same transaction as its change, and applied once per request id
 * (docs/decisions/014-back-office-actions.md).
 */
import { TRAVELER_ACTION_MESSAGES, TRAVELER_FORM_MESSAGES, type TravelerFormValues } from '#shared/schemas/travelers.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { forcePasswordReset } from './auth/accounts.ts';
import { versionConflict } from '../content/history.ts';
import { type ErasureBlock, type ErasureSummary, eraseTravelerData, erasureBlock } from './erase.ts';
import { exportTravelerData } from './personal-data.ts';
import { accountOf, findTraveler } from './linked.ts';
import { type Actor, applyOnce, recordStaffAction } from '../kit/apply-once.ts';
import { profileOf } from './travelers.ts';

interface Press {
  id: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

const erased = () => new AppError('CONFLICT', TRAVELER_ACTION_MESSAGES.erased);

/** The fields the form edits, as the record keeps them before and after. */
const editable = (p: ReturnType<typeof profileOf>) => ({
  name: p.name,
  surname: p.surname,
  email: p.email,
  phone: p.phone,
  dni: p.dni,
  passportId: p.passportId,
  birthdate: p.birthdate,
  sex: p.sex,
  countryId: p.countryId,
});

/** A free e-mail (travellers and accounts each have one per address), a known country, a birth date not after today. */
async function checkForm(db: Db, { id, input, accountId, now }: { id: string; input: TravelerFormValues; accountId: string | null; now: Date }) {
  const fields: Record<string, string> = {};
  if (input.email === null && accountId !== null) fields.email = TRAVELER_FORM_MESSAGES.emailRequired;
  if (input.email !== null) {
    const email = input.email;
    const traveler = await db
      .selectFrom('travelers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('id', '!=', id)
      .executeTakeFirst();
    if (traveler) fields.email = TRAVELER_FORM_MESSAGES.emailTaken;
    else if (accountId !== null) {
      const account = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', accountId).executeTakeFirst();
      if (account) fields.email = TRAVELER_FORM_MESSAGES.accountEmailTaken;
    }
  }
  if (input.countryId !== null && !(await db.selectFrom('countries').select('id').where('id', '=', input.countryId).executeTakeFirst())) {
    fields.countryId = TRAVELER_FORM_MESSAGES.country;
  }
  if (input.birthdate !== null && input.birthdate > now.toISOString().slice(0, 10)) fields.birthdate = TRAVELER_FORM_MESSAGES.birthdate;
  if (Object.keys(fields).length) throw invalidFields(Object.fromEntries(Object.entries(fields).map(([key, message]) => [`traveler.${key}`, message])));
}

/**
 * Saves the personal fields from the version the staff member opened; an older version is refused
 * (409). The account's sign-in e-mail follows the traveller's: one person, one address, as sign-in finds
 * the traveller by it. Answers false for a press already applied.
 */
export async function saveTraveler(
  db: Db,
  { id, requestId, actor, now, version, input }: Press & { version: number; input: TravelerFormValues },
): Promise<boolean> {
  try {
    return await applyOnce(
      db,
      { entityType: 'traveler', entityId: id, requestId, actor, now },
      async (trx, record, { row, account }) => {
        const before = editable(profileOf(row, null));
        const after = editable({ ...profileOf(row, null), ...input });
        const updated = await trx
          .updateTable('travelers')
          .set({ ...input, version: version + 1, updatedAt: now.toISOString() })
          .where('id', '=', id)
          .where('version', '=', version)
          .where('erasedAt', 'is', null)
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) throw versionConflict();
        if (account && input.email !== null && input.email !== account.email) {
          await trx.updateTable('users').set({ email: input.email, updatedAt: now.toISOString() }).where('id', '=', account.id).execute();
        }
        await record({ action: 'update', before, after });
        return true;
      },
      () => false,
      async () => {
        const row = await findTraveler(db, id);
        if (row.erasedAt !== null) throw erased();
        if (row.version !== version) throw versionConflict();
        const account = await accountOf(db, id);
        await checkForm(db, { id, input, accountId: account?.id ?? null, now });
        return { row, account };
      },
    );
  } catch (error) {
    // Two saves of one e-mail at once: the unique index kept one; this one is told as if checked above.
    if (input.email !== null && !(error instanceof AppError)) await checkForm(db, { id, input, accountId: (await accountOf(db, id))?.id ?? null, now });
    throw error;
  }
}

/**
 * Staff force a password change: the account's sessions end now and its next sign-in must choose a new
 * password; with `sendMail` the reset mail goes too. Pressing again (a new press) asks again, harmlessly.
 */
export async function forceTravelerPasswordChange(
  { db, config }: { db: Db; config: Pick<Config, 'authSecret' | 'publicUrl'> },
  { id, requestId, actor, now, sendMail }: Press & { sendMail: boolean },
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'traveler', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const row = await findTraveler(trx, id);
      if (row.erasedAt !== null) throw erased();
      const account = await accountOf(trx, id);
      if (!account) throw new AppError('CONFLICT', TRAVELER_ACTION_MESSAGES.noAccount);
      await forcePasswordReset(trx, account.id, { config, now, mail: sendMail });
      await record({
        action: 'force-password-change',
        before: { passwordChangeRequiredAt: account.passwordChangeRequiredAt },
        after: { passwordChangeRequiredAt: now.toISOString(), sessionsRevoked: true, mailSent: sendMail },
      });
      return true;
    },
    () => false,
  );
}

/** The traveller's personal data for a download, and the record that staff took it (who, when). */
export async function exportTraveler(db: Db, { id, actor, now, action = 'export' }: Omit<Press, 'requestId'> & { action?: 'export' | 'self-export' }) {
  const data = await exportTravelerData(db, id, { now });
  await recordStaffAction(db, { entityType: 'traveler', entityId: id, action, actor, requestId: null, before: null, after: null }, now);
  return data;
}

/** What blocks an erasure, as staff read it. */
const staffReading = (block: ErasureBlock) =>
  block.kind === 'staffAccount' ? TRAVELER_ACTION_MESSAGES.staffAccount : TRAVELER_ACTION_MESSAGES.tripPending(block.reference);

/**
 * Erases the traveller's personal data on their request (the reason says who asked, when and how).
 * Refused while they have a trip to make or the account is staff's (told as `explain` words it: staff's
 * reading by default, the traveller's own on /perfil); an erased traveller answers as done.
 */

export async function eraseTraveler(
  db: Db,
  { id, requestId, actor, now, reason, explain = staffReading }: Press & { reason: string; explain?: (block: ErasureBlock) => string },
): Promise<ErasureSummary | null> {
  return applyOnce(
    db,
    { entityType: 'traveler', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const row = await findTraveler(trx, id);
      if (row.erasedAt !== null) return null;
      const block = await erasureBlock(trx, id, { today: now.toISOString().slice(0, 10) });
      if (block) throw new AppError('CONFLICT', explain(block));
      // Claimed with one conditional update: of two erasures at once, one erases and the other answers as done.
      const claimed = await trx
        .updateTable('travelers')
        .set({ erasedAt: now.toISOString() })
        .where('id', '=', id)
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return null;
      const summary = await eraseTravelerData(trx, id, { now });
      // Who asked, when and why stays; what was erased is counted, never copied here.
      await record({ action: 'erase', reason, before: null, after: summary });
      return summary;
    },
    () => null,
  );
}
