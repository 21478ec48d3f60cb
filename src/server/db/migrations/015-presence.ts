import { sql, type Kysely } from 'kysely';

// Who has which season open (issue 29): one row per open presence stream (one browser tab), kept
// in the database rather than in the server's memory so that every server process behind a load
// balancer sees every other's streams, and a restart loses nothing but the streams it ended. A
// stream refreshes its row every few seconds; a row not refreshed for ten seconds counts as gone
// (a process that died without deleting its rows). `place` names what is open: 'season:{tour
// season id}' for a season's tabs, 'pgt:{season id}' for the bulk pricing page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stream_presence (
      stream_id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      place text NOT NULL,
      opened_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX stream_presence_place ON stream_presence (place, last_seen_at)`.execute(db);
  await sql`CREATE INDEX stream_presence_user ON stream_presence (user_id, last_seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stream_presence`.execute(db);
}
