import type { FastifyRequest } from 'fastify';
import { staffEndpoints } from '../../domain/contract/staff.js';
import { CANNOT_DEACTIVATE_YOURSELF, OWN_ACCOUNT_RESET } from '../../domain/staff.js';
import type { Api, AppContext } from '../api-types.js';
import { sessionOf } from '../auth/auth-hook.js';
import { confirmOwnPassword } from '../auth/confirm-own-password.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { passwordProblem } from '../auth/password-policy.js';
import { addStaffAccount, listStaffAccounts, readAccountLog, resetStaffPassword, setOwnPassword, setStaffActive, type Actor } from '../auth/staff-accounts.js';
import { badRequest } from '../http-errors.js';
import { registerEndpoint } from './register-endpoint.js';

// Answers leave serialised through their schemas: an account never carries more than it lists.
const serialize = { serialize: true };

const actorOf = (request: FastifyRequest): Actor => ({ userId: sessionOf(request).userId, address: request.ip });

/**
 * Staff accounts (issue 22; SPEC.md has one role, so every staff member may manage them): list,
 * add, reset a password, deactivate, reactivate, change one's own password, and the account log.
 * Resetting or deactivating someone else asks for the caller's own password again (issue 30).
 */
export function registerStaffRoutes(app: Api, { db, loginThrottle }: AppContext) {
  const throttle = createLoginThrottle(db, loginThrottle);
  const confirm = (request: FastifyRequest, password: string) => confirmOwnPassword(db, throttle, sessionOf(request), request.ip, password);

  registerEndpoint(app, staffEndpoints.list, async (request) => listStaffAccounts(db, sessionOf(request).userId), serialize);
  registerEndpoint(app, staffEndpoints.log, async () => readAccountLog(db), serialize);

  registerEndpoint(
    app,
    staffEndpoints.add,
    async (request, reply) => {
      reply.status(201);
      return addStaffAccount(db, request.body.email_address, actorOf(request));
    },
    serialize,
  );

  registerEndpoint(
    app,
    staffEndpoints.resetPassword,
    async (request) => {
      // Resetting one's own password would end the session asking; Change my password keeps it.
      if (request.params.id === sessionOf(request).userId) throw badRequest(OWN_ACCOUNT_RESET);
      await confirm(request, request.body.current_password);
      return resetStaffPassword(db, request.params.id, request.body.version, actorOf(request));
    },
    serialize,
  );

  registerEndpoint(
    app,
    staffEndpoints.deactivate,
    async (request) => {
      const actor = actorOf(request);
      // Refused before the password is asked for: there is nothing to confirm.
      if (request.params.id === actor.userId) throw badRequest(CANNOT_DEACTIVATE_YOURSELF);
      await confirm(request, request.body.current_password);
      return setStaffActive(db, request.params.id, false, request.body.version, actor);
    },
    serialize,
  );
  registerEndpoint(
    app,
    staffEndpoints.reactivate,
    async (request) => setStaffActive(db, request.params.id, true, request.body.version, actorOf(request)),
    serialize,
  );

  registerEndpoint(
    app,
    staffEndpoints.changeOwnPassword,
    async (request) => {
      const session = sessionOf(request);
      await confirm(request, request.body.current_password);
      const problem = passwordProblem(request.body.new_password, { email: session.email_address, current: request.body.current_password });
      if (problem) throw badRequest(problem, 'new_password');
      await setOwnPassword(db, session.sessionId, request.body.new_password, actorOf(request));
      return { ok: true as const };
    },
    { ...serialize, config: { beforeOwnPassword: true } },
  );
}
