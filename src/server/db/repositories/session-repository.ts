import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export async function insertSession(db: Kysely<Database>, tokenHash: string, userId: number): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId }).execute();
}

/** The session with this token hash and what the auth check needs of its account. */
export function findSessionByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'users.email_address',
      'users.deactivated_at',
      'users.must_change_password',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records that the session was used now. */
export async function setSessionLastSeen(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends the session (a logout). */
export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Revokes every open session of the account, except `keepSessionId` when given. */
export async function revokeSessionsOfUser(db: Kysely<Database>, userId: number, keepSessionId?: number): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
