import { staffEndpoints } from '../../domain/contract/staff.js';
import { CURRENT_PASSWORD_WRONG } from '../../domain/staff.js';
import type { Api, AppContext } from '../api-types.js';
import { sessionOf } from '../auth/auth-hook.js';
import { passwordProblem } from '../auth/password-policy.js';
import { verifyPassword } from '../auth/passwords.js';
import { addStaffAccount, listStaffAccounts, resetStaffPassword, setOwnPassword, setStaffActive } from '../auth/staff-accounts.js';
import { findPasswordHash } from '../db/repositories/user-repository.js';
import { badRequest } from '../http-errors.js';
import { registerEndpoint } from './register-endpoint.js';

// Answers leave serialised through their schemas: an account never carries more than it lists.
const serialize = { serialize: true };

/**
 * Staff accounts (issue 22; SPEC.md has one role, so every staff member may manage them): list,
 * add, reset a password, deactivate, reactivate, and change one's own password.
 */
export function registerStaffRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, staffEndpoints.list, async (request) => listStaffAccounts(db, sessionOf(request).userId), serialize);

  registerEndpoint(
    app,
    staffEndpoints.add,
    async (request, reply) => {
      reply.status(201);
      return addStaffAccount(db, request.body.email_address, sessionOf(request).userId);
    },
    serialize,
  );

  registerEndpoint(
    app,
    staffEndpoints.resetPassword,
    async (request) => {
      const viewerId = sessionOf(request).userId;
      // Resetting one's own password would end the session asking; Change my password keeps it.
      if (request.params.id === viewerId) throw badRequest('Use Change my password for your own account');
      return resetStaffPassword(db, request.params.id, viewerId);
    },
    serialize,
  );

  registerEndpoint(app, staffEndpoints.deactivate, async (request) => setStaffActive(db, request.params.id, false, sessionOf(request).userId), serialize);
  registerEndpoint(app, staffEndpoints.reactivate, async (request) => setStaffActive(db, request.params.id, true, sessionOf(request).userId), serialize);

  registerEndpoint(
    app,
    staffEndpoints.changeOwnPassword,
    async (request) => {
      const session = sessionOf(request);
      const user = await findPasswordHash(db, session.userId);
      if (!(await verifyPassword(user.password_hash, request.body.current_password))) throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
      const problem = passwordProblem(request.body.new_password, { email: session.email_address, current: request.body.current_password });
      if (problem) throw badRequest(problem, 'new_password');
      await setOwnPassword(db, session.userId, session.sessionId, request.body.new_password);
      return { ok: true as const };
    },
    serialize,
  );
}
