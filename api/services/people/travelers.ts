/**
 * The travellers desk (/admin/travelers; cms-and-backoffice.md §7 listTravelers, getTraveler): the search,
 * paged on the server, and one traveller with their account, bookings, budgets, favourites, points and
 * what staff did about them. Reads only; the actions are in traveler-actions.ts.
 */
import { readPage } from '../kit/paged-query.ts';
import { type RawBuilder, sql } from 'kysely';
import { computePointsValueCents } from '#shared/rules/points.ts';
import {
  type AccountState,
  TRAVELER_PAGE_SIZE,
  type TravelerAccount,
  type TravelerDetail,
  type TravelerListAnswer,
  type TravelerListQuery,
  type TravelerProfile,
} from '#shared/schemas/travelers.ts';
import type { Db } from '../../db/database.ts';
import type { TravelerRow, UserRow } from '../../db/tables.ts';
import { parseTravellers } from '../bookings/records.ts';
import { accountOf, findTraveler, linkedBookings } from './linked.ts';
import { listStaffActions } from '../kit/apply-once.ts';
import { pointsMovements } from '../payments/ledger.ts';
import { likeContaining } from '../kit/search.ts';

/** How staff read an account at a glance: the first thing that stops it signing in, else active. */
export function accountState(user: Pick<UserRow, 'disabledAt' | 'emailVerifiedAt' | 'passwordChangeRequiredAt'> | undefined): AccountState {
  if (!user) return 'none';
  if (user.disabledAt !== null) return 'disabled';
  if (user.emailVerifiedAt === null) return 'unverified';
  if (user.passwordChangeRequiredAt !== null) return 'must-change-password';
  return 'active';
}

// Accents and case aside on both engines: SQLite's lower() only knows ASCII, so accented capitals are
// folded by hand, as literals (no parameters per row).
const FOLDS: [string, string][] = [
  ...['áàâäÁÀÂÄ', 'éèêëÉÈÊË', 'íìîïÍÌÎÏ', 'óòôöÓÒÔÖ', 'úùûüÚÙÛÜ', 'ñÑ', 'çÇ'].flatMap((letters) =>
    [...letters].map((letter): [string, string] => [letter, letter.normalize('NFD')[0]!.toLowerCase()]),
  ),
];
function folded(expr: RawBuilder<unknown>): RawBuilder<string> {
  let out: RawBuilder<unknown> = sql`lower(${expr})`;
  for (const [from, to] of FOLDS) out = sql`replace(${out}, ${sql.lit(from)}, ${sql.lit(to)})`;
  return out as RawBuilder<string>;
}
const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Every word of the search must appear in the name, surname, e-mail, DNI/NIE or passport (accents and
 * case aside, a document's dashes too), or, for a word of digits, in the phone's digits.
 */
function matchesSearch(q: string) {
  const haystack = folded(
    sql`coalesce(${sql.ref('name')}, '') || ' ' || coalesce(${sql.ref('surname')}, '') || ' ' || coalesce(${sql.ref('email')}, '') || ' ' || coalesce(${sql.ref('dni')}, '') || ' ' || coalesce(${sql.ref('passportId')}, '')`,
  );
  const phoneDigits = sql`replace(replace(replace(replace(replace(coalesce(${sql.ref('phone')}, ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', '')`;
  const words = foldText(q).split(/\s+/).filter(Boolean);
  const clauses = words.map((word) => {
    const alternatives = [sql<boolean>`${haystack} like ${likeContaining(word)} escape '\\'`];
    const compact = word.replace(/[-.]/g, '');
    if (compact !== word && compact) alternatives.push(sql<boolean>`${haystack} like ${likeContaining(compact)} escape '\\'`);
    // A word of digits (and the signs phones are written with) is looked for among the phone's digits too.
    const digits = word.replace(/\D/g, '');
    if (/^[\d+().-]+$/.test(word) && digits.length >= 3) alternatives.push(sql<boolean>`${phoneDigits} like ${likeContaining(digits)} escape '\\'`);
    return sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
  });
  return sql<boolean>`(${sql.join(clauses, sql` and `)})`;
}

const SORTS = {
  name: ['surname', 'name'],
  createdAt: ['createdAt'],
} as const;

export async function listTravelers(db: Db, query: TravelerListQuery): Promise<TravelerListAnswer> {
  const filtered = () => db.selectFrom('travelers').$if(query.q !== undefined, (qb) => qb.where(matchesSearch(query.q as string)));
  const { rows, total } = await readPage(
    filtered,
    (q) => {
      let page = q.selectAll().select((eb) => [
        eb
          .selectFrom('bookings')
          .select((b) => b.fn.countAll<number>().as('n'))
          .whereRef('bookings.travelerId', '=', 'travelers.id')
          .as('bookingCount'),
      ]);
      for (const column of SORTS[query.sort]) page = page.orderBy(column, query.dir);
      return page.orderBy('id', query.dir);
    },
    { page: query.page, pageSize: TRAVELER_PAGE_SIZE },
  );
  const accounts = rows.length
    ? await db
        .selectFrom('users')
        .select(['travelerId', 'disabledAt', 'emailVerifiedAt', 'passwordChangeRequiredAt'])
        .where(
          'travelerId',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      surname: r.surname,
      email: r.email,
      phone: r.phone || null,
      document: r.dni || r.passportId || null,
      account: accountState(accounts.find((a) => a.travelerId === r.id)),
      bookings: Number(r.bookingCount ?? 0),
      points: r.accumulatedReward,
      createdAt: r.createdAt,
      erasedAt: r.erasedAt,
    })),
    total,
    page: query.page,
    pageSize: TRAVELER_PAGE_SIZE,
  };
}

/** The traveller's own fields as the desk shows and edits them (empty strings, as first sign-ins write them, read as none). */
export function profileOf(row: TravelerRow, countryName: string | null): TravelerProfile {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email || null,
    phone: row.phone || null,
    dni: row.dni || null,
    passportId: row.passportId || null,
    birthdate: row.birthdate || null,
    sex: row.sex === 'F' || row.sex === 'M' ? row.sex : null,
    countryId: row.countryId,
    countryName,
    externalId: row.externalId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    erasedAt: row.erasedAt,
  };
}

async function accountView(db: Db, user: UserRow | undefined, now: Date): Promise<TravelerAccount | null> {
  if (!user) return null;
  const [groups, sessions] = await Promise.all([
    db.selectFrom('userGroups').select('groupName').where('userId', '=', user.id).orderBy('groupName').execute(),
    db.selectFrom('sessions').select(['familyId', 'createdAt', 'revokedAt', 'rotatedAt', 'expiresAt']).where('userId', '=', user.id).execute(),
  ]);
  const live = sessions.filter((s) => s.revokedAt === null && s.rotatedAt === null && s.expiresAt > now.toISOString());
  const issued = sessions.map((s) => s.createdAt).sort();
  return {
    id: user.id,
    email: user.email,
    state: accountState(user),
    verifiedAt: user.emailVerifiedAt,
    disabledAt: user.disabledAt,
    passwordChangeRequiredAt: user.passwordChangeRequiredAt,
    hasPassword: user.passwordHash !== null,
    groups: groups.map((g) => g.groupName),
    createdAt: user.createdAt,
    activeSessions: new Set(live.map((s) => s.familyId)).size,
    lastActiveAt: issued.at(-1) ?? null,
  };
}

export async function travelerDetail(db: Db, id: string, { now = new Date() }: { now?: Date } = {}): Promise<TravelerDetail> {
  const row = await findTraveler(db, id);
  const [user, bookings, favourites, movements, actions, countries] = await Promise.all([
    accountOf(db, id),
    linkedBookings(db, id),
    db
      .selectFrom('favoriteTours')
      .innerJoin('tours', 'tours.id', 'favoriteTours.tourId')
      .select(['tours.id as tourId', 'tours.name as tourName', 'tours.webSlug', 'favoriteTours.createdAt'])
      .where('favoriteTours.travelerId', '=', id)
      .orderBy('favoriteTours.createdAt', 'desc')
      .execute(),
    pointsMovements(db, id),
    listStaffActions(db, 'traveler', id),
    db.selectFrom('countries').select(['id', 'name']).orderBy('name').execute(),
  ]);
  const rowOf = (b: (typeof bookings)[number]) => ({
    id: b.id,
    differentId: b.differentId,
    tourName: b.tourName,
    dayOne: b.dayOne,
    travellers: parseTravellers(b.travelersStringify).length,
    priceCents: b.priceCents,
  });
  const isBudget = (b: (typeof bookings)[number]) => b.budgetName !== null && b.status === 'IN_PROGRESS' && b.travelerId === id;
  return {
    traveler: profileOf(row, countries.find((c) => c.id === row.countryId)?.name ?? null),
    account: await accountView(db, user, now),
    bookings: bookings
      .filter((b) => !isBudget(b))
      .map((b) => ({
        ...rowOf(b),
        tkId: b.tkId,
        status: b.status,
        returnDate: b.returnDate,
        role: b.travelerId === id ? ('holder' as const) : ('passenger' as const),
        paidCents: Number(b.paidCents ?? 0),
        createdAt: b.createdAt,
      })),
    budgets: bookings.filter(isBudget).map((b) => ({ ...rowOf(b), budgetName: b.budgetName ?? '', budgetPath: b.budgetPath, updatedAt: b.updatedAt })),
    favourites,
    points: {
      balance: row.accumulatedReward,
      valueCents: computePointsValueCents(row.accumulatedReward),
      movements,
    },
    actions,
    countries,
  };
}
