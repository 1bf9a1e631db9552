// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 30: a traveller's points balance (`travelers.accumulated_reward`) is the sum of their POINTS rows
 * in the ledger (`transactions`), kept so by the database instead of watched on screen:
 * - every POINTS row moves the balance in the statement that writes it (CREDIT up, DEBIT down);
 * - a balance that differs from its rows, or below zero, is refused; a traveller starts at zero;
 * - a ledger row never changes once written (its amount, type, kind and traveller).
 * Balances that already disagreed are reconciled first with one row each ('RECONCILED'), so no
 * traveller's balance changes.
 */
const LEDGER_SUM = sql`coalesce((select sum(case when t.type = 'CREDIT' then t.amount else -t.amount end) from transactions t
  where t.traveler_id = new.id and t.kind = 'POINTS'), 0)`;
const MOVE = sql`case when new.type = 'CREDIT' then new.amount else -new.amount end`;

export async function up(db: Kysely<any>): Promise<void> {
  const stamp = new Date().toISOString();
  await sql`insert into transactions (id, traveler_id, booking_id, payment_id, amount, curency, exchange_rate, status, type, kind, created_at)
    select 'reconciled-' || v.id, v.id, null, null, abs(v.accumulated_reward - v.ledger), 'EUR', 1, 'RECONCILED',
      case when v.accumulated_reward > v.ledger then 'CREDIT' else 'DEBIT' end, 'POINTS', ${stamp}
    from (select tr.id, tr.accumulated_reward, coalesce((select sum(case when t.type = 'CREDIT' then t.amount else -t.amount end)
      from transactions t where t.traveler_id = tr.id and t.kind = 'POINTS'), 0) as ledger from travelers tr) v
    where v.accumulated_reward <> v.ledger`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table travelers add constraint travelers_points_not_negative check (accumulated_reward >= 0)`.execute(db);
    await sql`create function points_ledger_moves_balance() returns trigger language plpgsql as $$
      begin
        if new.kind = 'POINTS' then update travelers set accumulated_reward = accumulated_reward + ${MOVE} where id = new.traveler_id; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger transactions_points_balance after insert on transactions
      for each row execute function points_ledger_moves_balance()`.execute(db);
    // Checked at commit, on the balance as it then is: a statement that writes several rows of one traveller
    // moves the balance once per row, and its row triggers already see every row.
    await sql`create function points_balance_matches_ledger() returns trigger language plpgsql as $$
      declare balance integer;
      begin
        select accumulated_reward into balance from travelers where id = new.id;
        if balance is not null and balance <> ${LEDGER_SUM} then
          raise exception 'the points balance of traveller % does not match its ledger', new.id using errcode = 'check_violation';
        end if;
        return null;
      end $$`.execute(db);
    await sql`create constraint trigger travelers_points_balance_check after insert or update of accumulated_reward on travelers
      deferrable initially deferred for each row execute function points_balance_matches_ledger()`.execute(db);
    await sql`create function ledger_rows_never_change() returns trigger language plpgsql as $$
      begin raise exception 'a ledger row never changes once written' using errcode = 'check_violation'; end $$`.execute(db);
    await sql`create trigger transactions_never_change before update of amount, type, kind, traveler_id on transactions
      for each row execute function ledger_rows_never_change()`.execute(db);
  } else {
    await sql`create trigger transactions_points_balance after insert on transactions when new.kind = 'POINTS' begin
      update travelers set accumulated_reward = accumulated_reward + ${MOVE} where id = new.traveler_id; end`.execute(db);
    await sql`create trigger travelers_points_not_negative before update of accumulated_reward on travelers when new.accumulated_reward < 0 begin
      select raise(abort, 'the points balance cannot go below zero'); end`.execute(db);
    await sql`create trigger travelers_points_balance_check after update of accumulated_reward on travelers when new.accumulated_reward <> ${LEDGER_SUM} begin
      select raise(abort, 'the points balance does not match its ledger'); end`.execute(db);
    await sql`create trigger travelers_points_start_at_zero after insert on travelers when new.accumulated_reward <> ${LEDGER_SUM} begin
      select raise(abort, 'the points balance does not match its ledger'); end`.execute(db);
    await sql`create trigger transactions_never_change before update of amount, type, kind, traveler_id on transactions begin
      select raise(abort, 'a ledger row never changes once written'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger transactions_never_change on transactions`.execute(db);
    await sql`drop trigger travelers_points_balance_check on travelers`.execute(db);
    await sql`drop trigger transactions_points_balance on transactions`.execute(db);
    await sql`drop function ledger_rows_never_change()`.execute(db);
    await sql`drop function points_balance_matches_ledger()`.execute(db);
    await sql`drop function points_ledger_moves_balance()`.execute(db);
    await sql`alter table travelers drop constraint travelers_points_not_negative`.execute(db);
  } else {
    for (const name of [
      'transactions_never_change',
      'travelers_points_start_at_zero',
      'travelers_points_balance_check',
      'travelers_points_not_negative',
      'transactions_points_balance',
    ])
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  // The reconciling rows stay: they are the history of balances that had no rows.
}
