import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DataChanges } from '../db/data-changes.js';
import type { Database } from '../db/schema.js';
import { MUST_CHANGE_PASSWORD } from '../../domain/staff.js';
import { HttpError, unauthorized } from '../http-errors.js';
import { setActingUser } from './acting-user.js';
import { hashToken, isSessionLive, loadSession, touchSessionIfDue, type SessionRecord, type SessionUser } from './sessions.js';

const sessions = new WeakMap<FastifyRequest, SessionUser>();

/** The logged-in user of a request that passed the auth hook. */
export function sessionOf(request: FastifyRequest): SessionUser {
  const session = sessions.get(request);
  if (!session) throw unauthorized();
  return session;
}

export const bearerToken = (header: string | undefined) => /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '')?.[1] ?? null;

const MAX_CACHED_SESSIONS = 10_000;

/**
 * Stored sessions by token hash, dropped at every committed write that names the sessions or
 * users tables (a logout, a touch, a revoke, any write of another process), so a cached session
 * is exactly what the table holds. Expiry is still checked on every request against the clock.
 */
function createSessionCache(changes: DataChanges) {
  const known = new Map<string, SessionRecord>();
  let generation = changes.authGeneration;
  const current = () => {
    if (generation !== changes.authGeneration || !changes.complete) {
      known.clear();
      generation = changes.authGeneration;
    }
    return known;
  };
  return {
    get: (tokenHash: string) => current().get(tokenHash) ?? null,
    set: (tokenHash: string, session: SessionRecord, readGeneration: number) => {
      const map = current();
      if (readGeneration !== generation || !changes.complete) return;
      if (map.size >= MAX_CACHED_SESSIONS) map.clear();
      map.set(tokenHash, session);
    },
  };
}

/** What a route may say of itself where it is registered. */
type AuthConfig = {
  /** No session needed (only login). */
  public?: boolean;
  /** Open while the password is a temporary one (choosing one's own, logging out). */
  beforeOwnPassword?: boolean;
};

/**
 * Runs before every API route except those marked `config: { public: true }` (only login):
 * a missing, malformed, unknown, revoked or expired token is 401. While the account's password is
 * a temporary one set by a reset, every route but those marked `beforeOwnPassword` is 403.
 */
export function createAuthHook(db: Kysely<Database>, changes?: DataChanges) {
  const cache = changes ? createSessionCache(changes) : null;
  const lookUp = async (tokenHash: string) => {
    const cached = cache?.get(tokenHash);
    if (cached) return cached;
    const readGeneration = changes?.authGeneration ?? 0;
    const session = await loadSession(db, tokenHash);
    if (session) cache?.set(tokenHash, session, readGeneration);
    return session;
  };
  return async (request: FastifyRequest) => {
    const config = request.routeOptions.config as AuthConfig | undefined;
    if (config?.public) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await lookUp(hashToken(token)) : null;
    const now = new Date();
    if (!session || !isSessionLive(session, now)) throw unauthorized();
    if (session.mustChangePassword && !config?.beforeOwnPassword) throw new HttpError(403, [{ msg: MUST_CHANGE_PASSWORD }]);
    await touchSessionIfDue(db, session, now);
    sessions.set(request, { sessionId: session.sessionId, userId: session.userId, email_address: session.email_address });
    setActingUser(session.userId);
  };
}
