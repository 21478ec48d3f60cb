import { sql, type Kysely } from 'kysely';

// Margin guardrails (issue 22): a model's minimum margin (percent of cost) and minimum profit
// (pounds), unset by default; a change set records how many rows its save left below them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markup_models ADD COLUMN min_margin_percent numeric, ADD COLUMN min_profit numeric`.execute(db);
  await sql`ALTER TABLE price_change_sets ADD COLUMN below_guardrail integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markup_models DROP COLUMN min_margin_percent, DROP COLUMN min_profit`.execute(db);
  await sql`ALTER TABLE price_change_sets DROP COLUMN below_guardrail`.execute(db);
}
