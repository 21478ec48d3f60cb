import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findSessionByTokenHash, insertSession, setSessionLastSeen } from '../db/repositories/session-repository.js';
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
  await insertSession(db, hashToken(token), userId);
  return token;
}

export type SessionUser = { sessionId: number; userId: number; email_address: string };

/** A stored session as the auth check needs it. */
/** `mustChangePassword`: the password is a temporary one (a reset); only choosing a new one is allowed. */
export type SessionRecord = SessionUser & { createdAt: Date; lastSeenAt: Date; revoked: boolean; mustChangePassword: boolean };

export async function loadSession(db: Kysely<Database>, tokenHash: string): Promise<SessionRecord | null> {
  const row = await findSessionByTokenHash(db, tokenHash);
  if (!row) return null;
  // Deactivation revokes the account's sessions too; checking it here also covers a session
  // opened in the moment between the two.
  const revoked = row.revoked_at !== null || row.deactivated_at !== null;
  return {
    sessionId: row.id,
    userId: row.user_id,
    email_address: row.email_address,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    revoked,
    mustChangePassword: row.must_change_password,
  };
}

/** Whether a session may still be used now: not revoked, not idle too long, not too old. */
export function isSessionLive(session: SessionRecord, now: Date): boolean {
  const nowMs = now.getTime();
  return !session.revoked && nowMs - session.createdAt.getTime() <= SESSION_MAX_MS && nowMs - session.lastSeenAt.getTime() <= SESSION_IDLE_MS;
}

/** Records that a live session was used, at most once a minute (a write otherwise on every read). */
export async function touchSessionIfDue(db: Kysely<Database>, session: SessionRecord, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_AFTER_MS) return;
  await setSessionLastSeen(db, session.sessionId);
}
