import type { Db } from '../database.ts';

export { DEMO_ACCOUNTS } from './accounts.ts';
export { seedDemo, type SeedSummary } from './demo.ts';
export { seedScale } from './scale.ts';

/** True when the catalogue has no tours yet: the signal that the demo may be seeded. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('tours').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
