import { sql, type Kysely } from 'kysely';

// The price history (issue 22): every save that changes stored prices writes one change set, in
// the save's own transaction, with one row per changed price holding its before and after (the
// inputs staff type and the results the server computed). A change set may span several seasons
// (a /pgt rate change), so each change names its tour season. Storage grows with changes only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_change_sets (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      source text NOT NULL,
      row_count integer NOT NULL,
      cost_change numeric NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE price_changes (
      id serial PRIMARY KEY,
      change_set_id integer NOT NULL REFERENCES price_change_sets(id) ON DELETE CASCADE,
      tour_season_id integer NOT NULL,
      kind text NOT NULL,
      row_id integer NOT NULL,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX price_changes_season ON price_changes (tour_season_id, change_set_id DESC)`.execute(db);
  await sql`CREATE INDEX price_changes_row ON price_changes (kind, row_id, change_set_id DESC)`.execute(db);
  await sql`CREATE INDEX price_changes_set ON price_changes (change_set_id)`.execute(db);
  await sql`CREATE INDEX price_change_sets_user ON price_change_sets (user_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE price_changes`.execute(db);
  await sql`DROP TABLE price_change_sets`.execute(db);
}
