import { z } from 'zod';
import { CURRENT_PASSWORD_WRONG, changePasswordSchema, newStaffSchema, staffAccountSchema, staffPasswordSchema } from '../../domain/staff.js';
import type { Api, AppContext } from '../api-types.js';
import { sessionOf } from '../auth/auth-hook.js';
import { passwordProblem } from '../auth/password-policy.js';
import { verifyPassword } from '../auth/passwords.js';
import { addStaffAccount, listStaffAccounts, resetStaffPassword, setOwnPassword, setStaffActive } from '../auth/staff-accounts.js';
import { badRequest } from '../http-errors.js';
import { pathId } from './route-params.js';

const idParams = z.object({ id: pathId });

/**
 * Staff accounts (issue 22; SPEC.md has one role, so every staff member may manage them):
 * `GET staff`, `POST staff {email_address}`, `POST staff/{id}/reset-password`,
 * `POST staff/{id}/deactivate`, `POST staff/{id}/reactivate`, and
 * `POST auth/change-password {current_password, new_password}` for one's own password.
 */
export function registerStaffRoutes(app: Api, { db }: AppContext) {
  app.get('/staff', { schema: { response: { 200: z.array(staffAccountSchema) } } }, async (request) => listStaffAccounts(db, sessionOf(request).userId));

  app.post('/staff', { schema: { body: newStaffSchema, response: { 201: staffPasswordSchema } } }, async (request, reply) =>
    reply.status(201).send(await addStaffAccount(db, request.body.email_address, sessionOf(request).userId)),
  );

  app.post('/staff/:id/reset-password', { schema: { params: idParams, response: { 200: staffPasswordSchema } } }, async (request) => {
    // Resetting one's own password would end the session asking; Change my password keeps it.
    const viewerId = sessionOf(request).userId;
    if (request.params.id === viewerId) throw badRequest('Use Change my password for your own account');
    return resetStaffPassword(db, request.params.id, viewerId);
  });

  app.post('/staff/:id/deactivate', { schema: { params: idParams, response: { 200: staffAccountSchema } } }, async (request) => setStaffActive(db, request.params.id, false, sessionOf(request).userId));

  app.post('/staff/:id/reactivate', { schema: { params: idParams, response: { 200: staffAccountSchema } } }, async (request) => setStaffActive(db, request.params.id, true, sessionOf(request).userId));

  app.post('/auth/change-password', { schema: { body: changePasswordSchema, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
    const session = sessionOf(request);
    const user = await db.selectFrom('users').select('password_hash').where('id', '=', session.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, request.body.current_password))) throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
    const problem = passwordProblem(request.body.new_password);
    if (problem) throw badRequest(problem, 'new_password');
    await setOwnPassword(db, session.userId, session.sessionId, request.body.new_password);
    return { ok: true as const };
  });
}
