// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * Single-use account tokens: e-mail verification and password reset. One row carries both forms a
 * person may use, the link token and the 6-digit code, each stored only as a keyed hash. `attempts`
 * counts wrong codes so a code can be burnt after a few guesses: a 6-digit space is small.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('VERIFY', 'RESET')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_purpose_idx').on('auth_tokens').columns(['user_id', 'purpose']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_tokens').execute();
}
