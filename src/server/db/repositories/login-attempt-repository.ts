import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** One failed attempt to count against a key, with the throttle's rules for it at this moment. */
export type FailedAttempt = {
  key: string;
  now: Date;
  /** A key whose last attempt is older than this starts again from one failure. */
  forgetBefore: Date;
  /** Failures before the key must wait; null: it never waits. */
  free: number | null;
  maxWaitSeconds: number;
  /** The wait of a key's first failure (none unless no failure is free). */
  firstBlockedUntil: Date | null;
};

/**
 * Adds one failure to the key unless it is waiting, in one statement (the row lock makes parallel
 * attempts queue), and starts its wait, doubling with each failure past the free ones (capped).
 * Answers the failures counted, or null when the key is waiting (nothing is counted).
 */
export async function countFailureUnlessWaiting(db: Kysely<Database>, attempt: FailedAttempt): Promise<number | null> {
  const { key, now, forgetBefore, free, maxWaitSeconds, firstBlockedUntil } = attempt;
  const failures = sql<number>`(CASE WHEN login_attempts.updated_at < ${forgetBefore} THEN 1 ELSE login_attempts.failures + 1 END)`;
  const waitSeconds = sql`least(power(2, ${failures} - ${free}::int + 1), ${maxWaitSeconds}::int)`;
  const blockedUntil =
    free === null ? sql`NULL` : sql`CASE WHEN ${failures} < ${free}::int THEN NULL ELSE ${now}::timestamptz + make_interval(secs => ${waitSeconds}) END`;
  const notWaiting = sql`login_attempts.blocked_until IS NULL OR login_attempts.blocked_until <= ${now}`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_attempts (key, failures, blocked_until, updated_at) VALUES (${key}, 1, ${firstBlockedUntil}, ${now})
    ON CONFLICT (key) DO UPDATE SET failures = ${failures}, blocked_until = ${blockedUntil}, updated_at = ${now}
    WHERE ${notWaiting}
    RETURNING failures`.execute(db);
  return rows[0]?.failures ?? null;
}

/** Until when the key must wait, if it has a record. */
export function findBlockedUntil(db: Kysely<Database>, key: string) {
  return db.selectFrom('login_attempts').select('blocked_until').where('key', '=', key).executeTakeFirst();
}

/** Deletes the records last tried before `forgetBefore` that are not waiting at `now`. */
export async function deleteForgottenAttempts(db: Kysely<Database>, forgetBefore: Date, now: Date): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('updated_at', '<', forgetBefore)
    .where((where) => where.or([where('blocked_until', 'is', null), where('blocked_until', '<=', now)]))
    .execute();
}

export async function deleteLoginAttempts(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('key', 'in', [...keys])
    .execute();
}
