import { sql, type Kysely } from 'kysely';

// A /pgt bulk change (a model's rates or a currency's season rate) reprices rows without changing
// what staff typed, so its change set alone cannot be put back: restoring net and cost would leave
// prices disagreeing with the model. The set now also records the rate change itself (before and
// after), so a rollback restores the rates and recomputes (issue 22). Null for every other set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE price_change_sets ADD COLUMN rates_change jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE price_change_sets DROP COLUMN rates_change`.execute(db);
}
