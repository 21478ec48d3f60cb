import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unauthorized } from '../http-errors.js';
import { findSession, type SessionUser } from './sessions.js';

const sessions = new WeakMap<FastifyRequest, SessionUser>();

/** The logged-in user of a request that passed the auth hook. */
export function sessionOf(request: FastifyRequest): SessionUser {
  const session = sessions.get(request);
  if (!session) throw unauthorized();
  return session;
}

export const bearerToken = (header: string | undefined) => /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '')?.[1] ?? null;

/**
 * Runs before every API route except those marked `config: { public: true }` (only login):
 * a missing, malformed, unknown, revoked or expired token is 401.
 */
export function createAuthHook(db: Kysely<Database>) {
  return async (request: FastifyRequest) => {
    const config = request.routeOptions.config as { public?: boolean } | undefined;
    if (config?.public) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw unauthorized();
    sessions.set(request, session);
  };
}
