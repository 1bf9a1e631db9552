/**
 * The traveller's own personal data on /perfil: read and change it, download all of it, delete the account.
 * The same services the back office uses (docs/decisions/016-travellers-erasure-and-forced-password-change.md), with the traveller as
 * the one who acts: each change is recorded like a staff action (who, when, before and after), so the
 * desk sees what the traveller did, and each press is applied once per request id.
 */
import { ACCOUNT_MESSAGES, type MyAccount, PROFILE_FIELDS, type ProfileFormValues } from '#shared/schemas/me-account.ts';
import { TRAVELER_FORM_MESSAGES } from '#shared/schemas/travelers.ts';
import type { Db } from '../../db/database.ts';
import type { TravelerRow } from '../../db/tables.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { verifyPassword } from './auth/password.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { eraseTraveler, exportTraveler } from './traveler-actions.ts';
import type { ErasureBlock, ErasureSummary } from './erase.ts';
import { erasureBlock } from './erase.ts';
import { accountOf, findTraveler } from './linked.ts';

const erased = () => new AppError('CONFLICT', ACCOUNT_MESSAGES.erased);
const changedMeanwhile = () => new AppError('CONFLICT', ACCOUNT_MESSAGES.changedMeanwhile);

const selfReading = (block: ErasureBlock) => (block.kind === 'staffAccount' ? ACCOUNT_MESSAGES.staffAccount : ACCOUNT_MESSAGES.tripPending(block.reference));

const profileOf = (row: TravelerRow): MyAccount['profile'] =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, (row[field] as string | null) ?? ''])) as MyAccount['profile'];

/** The form as it is now, what it may choose from and whether the account can be deleted today. */
export async function myAccount(db: Db, { travelerId, now }: { travelerId: string; now: Date }): Promise<MyAccount> {
  const row = await findTraveler(db, travelerId);
  if (row.erasedAt !== null) throw erased();
  const [countries, account, block] = await Promise.all([
    db.selectFrom('countries').select(['id', 'name']).orderBy('name').execute(),
    accountOf(db, travelerId),
    erasureBlock(db, travelerId, { today: now.toISOString().slice(0, 10) }),
  ]);
  return {
    email: row.email,
    version: row.version,
    profile: profileOf(row),
    countries,
    hasPassword: Boolean(account?.passwordHash),
    erasureBlocker: block ? selfReading(block) : null,
  };
}

/**
 * Saves the traveller's own fields from the version the form was opened from; an older one is refused
 * (409) so a second tab never silently undoes the first. Answers false for a press already applied.
 */
export async function saveMyProfile(
  db: Db,
  {
    travelerId,
    actor,
    requestId,
    version,
    input,
    now,
  }: { travelerId: string; actor: Actor; requestId: string; version: number; input: ProfileFormValues; now: Date },
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'traveler', entityId: travelerId, requestId, actor, now },
    async (trx, record) => {
      const row = await findTraveler(trx, travelerId);
      if (row.erasedAt !== null) throw erased();
      if (row.version !== version) throw changedMeanwhile();
      const fields: Record<string, string> = {};
      if (input.countryId !== null && !(await trx.selectFrom('countries').select('id').where('id', '=', input.countryId).executeTakeFirst())) {
        fields['profile.countryId'] = TRAVELER_FORM_MESSAGES.country;
      }
      if (input.birthdate !== null && input.birthdate > now.toISOString().slice(0, 10)) fields['profile.birthdate'] = TRAVELER_FORM_MESSAGES.birthdate;
      if (Object.keys(fields).length) throw invalidFields(fields);
      const before = profileOf(row);
      const updated = await trx
        .updateTable('travelers')
        .set({ ...input, version: version + 1, updatedAt: now.toISOString() })
        .where('id', '=', travelerId)
        .where('version', '=', version)
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw changedMeanwhile();
      await record({ action: 'self-update', before, after: profileOf({ ...row, ...input }) });
      return true;
    },
    () => false,
  );
}

/** Everything the shop keeps about the traveller, as the back office's export gives it; the download is recorded. */
export const exportMyData = (db: Db, { travelerId, actor, now }: { travelerId: string; actor: Actor; now: Date }) =>
  exportTraveler(db, { id: travelerId, actor, now, action: 'self-export' });

/**
 * Deletes the traveller's account at their own request: the password again (when the account has one),
 * then the same erasure staff apply. Refused, in the traveller's words, while a trip is still to make.
 * Answers null for a press already applied.
 */
export async function eraseMyAccount(
  db: Db,
  { travelerId, actor, requestId, password, now }: { travelerId: string; actor: Actor; requestId: string; password: string; now: Date },
): Promise<ErasureSummary | null> {
  // A press already applied reaches eraseTraveler, which answers it as done.
  const account = await accountOf(db, travelerId);
  if (account?.passwordHash && !(await verifyPassword(account.passwordHash, password))) {
    throw invalidFields({ password: password ? ACCOUNT_MESSAGES.passwordWrong : ACCOUNT_MESSAGES.passwordRequired });
  }
  return eraseTraveler(db, {
    id: travelerId,
    requestId,
    actor,
    now,
    reason: 'Pedido por el propio viajero desde su perfil, con su contraseña.',
    explain: selfReading,
  });
}
