/**
 * The office's inbox (issue 33, /admin/consultas): the customers' questions, newest first, filtered by state,
 * tour, days and text; one with its thread; and the presses on it — reply (mailed through the outbox, kept in
 * the thread with who sent it), assign to someone of the team, close or open again. Each press is recorded
 * and applied once. A signed-in traveller reads their own questions and the replies in /perfil.
 */
import { sql } from 'kysely';
import {
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  type InboxAnswer,
  type InboxDetail,
  type InboxQuery,
  type InboxRow,
  type InboxStatus,
  type MyQuestion,
} from '#shared/schemas/inbox.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { readPage } from '../kit/paged-query.ts';
import { queueMail } from '../mail/outbox.ts';
import { likeContaining } from '../kit/search.ts';

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text);

const replies = (db: Db) =>
  db
    .selectFrom('contactMessages')
    .select(['contactId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author', '=', 'STAFF')
    .groupBy('contactId');

function toRow(r: {
  id: string;
  createdAt: string;
  status: string;
  name: string;
  surname: string | null;
  email: string;
  phone: string | null;
  tourId: string | null;
  tourName: string | null;
  periodId: string | null;
  dayOne: string | null;
  question: string;
  assignedTo: string | null;
  n?: number | string | null;
}): InboxRow {
  return {
    id: r.id,
    createdAt: r.createdAt,
    status: r.status as InboxStatus,
    name: [r.name, r.surname].filter(Boolean).join(' '),
    email: r.email,
    phone: r.phone,
    tourId: r.tourId,
    tourName: r.tourName,
    periodId: r.periodId,
    dayOne: r.dayOne,
    excerpt: excerpt(r.question),
    assignedTo: r.assignedTo,
    replies: Number(r.n ?? 0),
  };
}

const COLUMNS = [
  'contactTours.id',
  'contactTours.createdAt',
  'contactTours.status',
  'contactTours.name',
  'contactTours.surname',
  'contactTours.email',
  'contactTours.phone',
  'contactTours.tourId',
  'contactTours.tourName',
  'contactTours.periodId',
  'periods.dayOne',
  'contactTours.question',
  'contactTours.assignedTo',
] as const;

export async function listInbox(db: Db, query: InboxQuery): Promise<InboxAnswer> {
  const filtered = () =>
    db
      .selectFrom('contactTours')
      .leftJoin(replies(db).as('r'), 'r.contactId', 'contactTours.id')
      .leftJoin('periods', 'periods.id', 'contactTours.periodId')
      .$if(query.status !== undefined, (q) => q.where('contactTours.status', '=', query.status ?? 'NEW'))
      .$if(query.tourId !== undefined, (q) => q.where('contactTours.tourId', '=', query.tourId ?? ''))
      .$if(query.from !== undefined, (q) => q.where('contactTours.createdAt', '>=', query.from ?? ''))
      .$if(query.to !== undefined, (q) => q.where('contactTours.createdAt', '<', dayAfter(query.to ?? '')))
      .$if(query.q !== undefined, (q) =>
        q.where((eb) =>
          eb.or(
            ['contactTours.name', 'contactTours.surname', 'contactTours.email', 'contactTours.phone', 'contactTours.question'].map(
              (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${likeContaining((query.q ?? '').toLocaleLowerCase('es'))} escape '\\'`,
            ),
          ),
        ),
      );
  const page = await readPage(
    filtered,
    (q) =>
      q
        .select([...COLUMNS, 'r.n'])
        .orderBy('contactTours.createdAt', query.dir)
        .orderBy('contactTours.id', query.dir),
    {
      page: query.page,
      pageSize: INBOX_PAGE_SIZE,
    },
  );
  return { ...page, rows: page.rows.map(toRow) };
}

export async function inboxDetail(db: Db, id: string): Promise<InboxDetail> {
  const row = await db
    .selectFrom('contactTours')
    .leftJoin(replies(db).as('r'), 'r.contactId', 'contactTours.id')
    .leftJoin('periods', 'periods.id', 'contactTours.periodId')
    .select([...COLUMNS, 'r.n', 'contactTours.travelerId'])
    .where('contactTours.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(INBOX_MESSAGES.notFound);
  const [messages, staff] = await Promise.all([
    db
      .selectFrom('contactMessages')
      .leftJoin('mails', 'mails.id', 'contactMessages.mailId')
      .select(['contactMessages.author', 'contactMessages.authorEmail', 'contactMessages.body', 'contactMessages.createdAt', 'mails.status as mailStatus'])
      .where('contactMessages.contactId', '=', id)
      .orderBy('contactMessages.createdAt')
      .orderBy('contactMessages.id')
      .execute(),
    db
      .selectFrom('users')
      .innerJoin('userGroups', 'userGroups.userId', 'users.id')
      .select('users.email')
      .where('userGroups.groupName', '=', 'drAdmin')
      .where('users.disabledAt', 'is', null)
      .orderBy('users.email')
      .execute(),
  ]);
  return {
    ...toRow(row),
    question: row.question,
    surname: row.surname,
    travelerId: row.travelerId,
    messages: messages.map((m) => ({
      author: m.author as 'STAFF' | 'TRAVELLER',
      authorEmail: m.authorEmail,
      body: m.body,
      createdAt: m.createdAt,
      mailStatus: m.mailStatus === 'SENT' ? 'SENT' : m.mailStatus === 'FAILED' ? 'FAILED' : m.mailStatus ? 'PENDING' : null,
    })),
    staff: staff.map((s) => ({ email: s.email, name: s.email })),
  };
}

interface InboxPress {
  id: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

/** 'Responder': the reply mailed to the customer with their question, kept in the thread; the question is answered. */
export async function replyToQuestion(db: Db, config: Pick<Config, 'publicUrl'>, press: InboxPress & { body: string }): Promise<{ applied: boolean }> {
  return applyOnce(
    db,
    { entityType: 'contact', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const question = await trx.selectFrom('contactTours').selectAll().where('id', '=', press.id).executeTakeFirst();
      if (!question) throw notFound(INBOX_MESSAGES.notFound);
      const stamp = press.now.toISOString();
      const { id: mailId } = await queueMail(trx, {
        type: 'CONTACT_REPLY',
        to: question.email,
        now: press.now,
        data: {
          name: question.name,
          tourName: question.tourName,
          question: question.question,
          reply: press.body,
          link: `${config.publicUrl.replace(/\/+$/, '')}/perfil`,
        },
      });
      await trx
        .insertInto('contactMessages')
        .values({ id: crypto.randomUUID(), contactId: press.id, author: 'STAFF', authorEmail: press.actor.email, body: press.body, mailId, createdAt: stamp })
        .execute();
      await trx
        .updateTable('contactTours')
        .set({ status: 'ANSWERED', assignedTo: question.assignedTo ?? press.actor.email, updatedAt: stamp })
        .where('id', '=', press.id)
        .execute();
      await record({ action: 'reply', before: { status: question.status }, after: { status: 'ANSWERED', mailId } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/** 'Asignar': to someone of the team (an admin), or to nobody. */
export async function assignQuestion(db: Db, press: InboxPress & { assignedTo: string | null }): Promise<{ applied: boolean }> {
  if (press.assignedTo) {
    const staff = await db
      .selectFrom('users')
      .innerJoin('userGroups', 'userGroups.userId', 'users.id')
      .select('users.email')
      .where('users.email', '=', press.assignedTo)
      .where('userGroups.groupName', '=', 'drAdmin')
      .executeTakeFirst();
    if (!staff) throw invalidFields({ assignedTo: INBOX_MESSAGES.assignee });
  }
  return applyOnce(
    db,
    { entityType: 'contact', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const question = await trx.selectFrom('contactTours').select(['assignedTo']).where('id', '=', press.id).executeTakeFirst();
      if (!question) throw notFound(INBOX_MESSAGES.notFound);
      await trx.updateTable('contactTours').set({ assignedTo: press.assignedTo, updatedAt: press.now.toISOString() }).where('id', '=', press.id).execute();
      await record({ action: 'assign', before: { assignedTo: question.assignedTo }, after: { assignedTo: press.assignedTo } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/** 'Cerrar' / 'Abrir de nuevo'. */
export async function setQuestionStatus(db: Db, press: InboxPress & { status: 'NEW' | 'CLOSED' }): Promise<{ applied: boolean }> {
  return applyOnce(
    db,
    { entityType: 'contact', entityId: press.id, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const question = await trx.selectFrom('contactTours').select(['status']).where('id', '=', press.id).executeTakeFirst();
      if (!question) throw notFound(INBOX_MESSAGES.notFound);
      // Opened again, a question that has a reply is answered; one that never had one waits again.
      const hasReply = await trx.selectFrom('contactMessages').select('id').where('contactId', '=', press.id).where('author', '=', 'STAFF').executeTakeFirst();
      const status = press.status === 'CLOSED' ? 'CLOSED' : hasReply ? 'ANSWERED' : 'NEW';
      if (question.status === status) throw new AppError('CONFLICT', status === 'CLOSED' ? 'Esa consulta ya está cerrada.' : 'Esa consulta ya está abierta.');
      await trx.updateTable('contactTours').set({ status, updatedAt: press.now.toISOString() }).where('id', '=', press.id).execute();
      await record({ action: status === 'CLOSED' ? 'close' : 'reopen', before: { status: question.status }, after: { status } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/** The dashboard's line: questions waiting for a reply, and since when the oldest waits. */
export async function unansweredQuestions(db: Db): Promise<{ count: number; oldestAt: string | null }> {
  const row = await db
    .selectFrom('contactTours')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('status', '=', 'NEW')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldestAt: (row.oldest as string | null) ?? null };
}

/** A traveller's own questions (asked signed in, or from their account's address), newest first, with the replies. */
export async function myQuestions(db: Db, { travelerId, email }: { travelerId: string | null; email: string }): Promise<MyQuestion[]> {
  const rows = await db
    .selectFrom('contactTours')
    .select(['id', 'createdAt', 'status', 'tourName', 'question'])
    .where((eb) => eb.or([...(travelerId ? [eb('travelerId', '=', travelerId)] : []), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]))
    .orderBy('createdAt', 'desc')
    .limit(50)
    .execute();
  const messages = rows.length
    ? await db
        .selectFrom('contactMessages')
        .select(['contactId', 'body', 'createdAt'])
        .where(
          'contactId',
          'in',
          rows.map((r) => r.id),
        )
        .where('author', '=', 'STAFF')
        .orderBy('createdAt')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    status: r.status as InboxStatus,
    tourName: r.tourName,
    question: r.question,
    replies: messages.filter((m) => m.contactId === r.id).map((m) => ({ body: m.body, createdAt: m.createdAt })),
  }));
}
