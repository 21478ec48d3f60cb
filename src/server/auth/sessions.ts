import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
// Refreshing last_seen_at on every call would turn each read into a write; once a minute is enough
// for a two-hour idle timeout.
const TOUCH_AFTER_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a new random token; only its hash is stored, so a database leak reveals no live token. */
export async function createSession(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId }).execute();
  return token;
}

export type SessionUser = { sessionId: number; userId: number; email_address: string };

/** The user behind a token, or null when it is unknown, revoked, idle too long or too old. */
export async function findSession(db: Kysely<Database>, token: string, now = new Date()): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.created_at', 'sessions.last_seen_at', 'sessions.revoked_at', 'users.email_address'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const nowMs = now.getTime();
  if (nowMs - row.created_at.getTime() > SESSION_MAX_MS) return null;
  if (nowMs - row.last_seen_at.getTime() > SESSION_IDLE_MS) return null;
  if (nowMs - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, userId: row.user_id, email_address: row.email_address };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
}
