import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// Failed logins are counted per address and per account in the database, so every server process
// behind a load balancer sees the same counts. After a few free attempts each failure doubles the
// wait (backoff), capped, instead of locking the account out for good.
const FREE_FAILURES = 5;
const MAX_WAIT_SECONDS = 15 * 60;

export const throttleKeys = (address: string, email: string) => [`address:${address}`, `account:${email.trim().toLowerCase()}`];

export function waitAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES + 1), MAX_WAIT_SECONDS);
}

/** Seconds the caller must still wait, or 0 when a login may be tried now. */
export async function secondsUntilAllowed(db: Kysely<Database>, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.selectFrom('login_attempts').select('blocked_until').where('key', 'in', keys).execute();
  const waits = rows.map((row) => (row.blocked_until ? Math.ceil((row.blocked_until.getTime() - now.getTime()) / 1000) : 0));
  return Math.max(0, ...waits);
}

export async function recordFailure(db: Kysely<Database>, keys: string[]): Promise<void> {
  for (const key of keys) {
    const row = await db
      .insertInto('login_attempts')
      .values({ key, failures: 1, updated_at: sql`now()` })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ failures: sql`login_attempts.failures + 1`, updated_at: sql`now()` }))
      .returning('failures')
      .executeTakeFirstOrThrow();
    const wait = waitAfterFailures(row.failures);
    if (wait > 0) {
      await db
        .updateTable('login_attempts')
        .set({ blocked_until: sql`now() + make_interval(secs => ${wait})` })
        .where('key', '=', key)
        .execute();
    }
  }
}

/** A successful login forgives the account's failures (the address keeps its count). */
export async function recordSuccess(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', accountKey).execute();
}
