// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/** Everything staff edit in place carries a version (DESIGN.md, Edits and targeted rebuilds). */
const VERSIONED = ['sliders', 'tour_offers', 'landings', 'landing_contents', 'main_banners', 'region_banners', 'tours'];

/**
 * In-place editing (issue 11).
 *
 * - `version` on every record staff edit: a save names the version it was made from, and an older one
 *   than the stored one answers 409 instead of overwriting someone else's change.
 * - `content_history`: every save, who, when, the record before and after (JSON), so the last versions
 *   can be restored. `request_id` is the editor's id for one press of a create button: the same press
 *   arriving twice finds its record here and creates nothing more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .createTable('content_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_type', 'text', (c) =>
      c.notNull().check(oneOf('entity_type', ['carousel', 'grid', 'offer', 'landing', 'main_banner', 'region_banner', 'tour'])),
    )
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(oneOf('action', ['create', 'update', 'delete', 'restore'])))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.unique())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_history_entity_idx').on('content_history').columns(['entity_type', 'entity_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_history').execute();
  for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn('version').execute();
}
