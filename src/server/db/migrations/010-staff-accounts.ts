import { sql, type Kysely } from 'kysely';

// Staff accounts are managed in the app (issue 22): when each person last logged in, and whether
// the account is deactivated (a deactivated account keeps its history and can be reactivated).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN last_login_at timestamptz, ADD COLUMN deactivated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN last_login_at, DROP COLUMN deactivated_at`.execute(db);
}
