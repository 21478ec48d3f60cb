import { sql, type Kysely } from 'kysely';

// Limits every server process must keep together (issue 32), kept in the database rather than in
// one process's memory, so that several processes on one PostgreSQL keep them as one would:
// - publish_gate: at most one row (id 1, written at the first publish, so a new database stays
//   empty for a restore): when the publish in progress started, and when the last publish that
//   reached the build service did;
// - upload_slots: one row per upload in progress (a staff member may have only so many at once);
//   a process that died during an upload leaves its row, which stops counting after a while.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE publish_gate (
      id integer PRIMARY KEY CHECK (id = 1),
      running_since timestamptz,
      last_published_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE upload_slots (
      slot_id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX upload_slots_user ON upload_slots (user_id, started_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE upload_slots`.execute(db);
  await sql`DROP TABLE publish_gate`.execute(db);
}
