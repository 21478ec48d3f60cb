import { sql, type Kysely } from 'kysely';

// Account actions that are accountable and hard to abuse (issue 30 item 3):
// - users.version: resetting, deactivating or reactivating an account names the version the
//   caller saw, so of several resets at once one wins and the others get 409;
// - users.must_change_password: a password set by someone else (a reset) is temporary; its owner
//   must choose their own at the next login before anything else;
// - account_log: every account action (add, reset, deactivate, reactivate, a password change, a
//   login from an address not seen before for that account): who, whom, when, from where.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE account_log (
      id serial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      actor_id integer REFERENCES users(id) ON DELETE SET NULL,
      subject_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      action text NOT NULL,
      address text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX account_log_newest ON account_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX account_log_subject_address ON account_log (subject_id, address)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE account_log`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN must_change_password`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN version`.execute(db);
}
