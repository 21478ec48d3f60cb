import { sql, type Kysely } from 'kysely';

// A season roll-over (issue 31) creates tour seasons with their groups and rows in one change set.
// The set records what it created (and its label, "Roll over 2026 -> 2027, +4%, to 5"), so the
// rollback can remove exactly those tour seasons, and refuse when one was changed since. Null for
// every other set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE price_change_sets ADD COLUMN rollover jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE price_change_sets DROP COLUMN rollover`.execute(db);
}
