import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOGIN_FAILED } from '../../domain/auth.js';
import { authEndpoints } from '../../domain/contract/auth.js';
import type { Api, AppContext } from '../api-types.js';
import { sessionOf } from '../auth/auth-hook.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { createSession } from '../auth/sessions.js';
import { logLoginIfNewAddress } from '../auth/staff-accounts.js';
import { normaliseEmail } from '../auth/staff-users.js';
import { revokeSession } from '../db/repositories/session-repository.js';
import { findLoginUser, listUserEmails, recordLogin } from '../db/repositories/user-repository.js';
import { HttpError, unauthorized } from '../http-errors.js';
import { registerEndpoint } from './register-endpoint.js';

// Checking a password against this hash when the account does not exist keeps the answer time the
// same, so response times do not reveal which e-mail addresses are staff.
let dummyHash: Promise<string> | null = null;
const unknownUserHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function registerAuthRoutes(app: Api, { db, loginThrottle }: AppContext) {
  const throttle = createLoginThrottle(db, loginThrottle);
  registerEndpoint(
    app,
    authEndpoints.login,
    async (request) => {
      const email = normaliseEmail(request.body.email_address);
      // The attempt is counted as a failure before the password is checked (see login-throttle.ts).
      const admission = await throttle.admit(request.ip, email);
      if (admission.waitSeconds > 0) throw new HttpError(429, [{ msg: `Too many failed logins. Try again in ${admission.waitSeconds} seconds.` }]);
      if (admission.delayMs > 0) await sleep(admission.delayMs);
      const user = await findLoginUser(db, email);
      const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash()), request.body.password);
      // A deactivated account gets the same answer as a wrong password: nothing to learn from it.
      if (!user || !valid || user.deactivated_at !== null) throw unauthorized(LOGIN_FAILED);
      await throttle.forgive(request.ip, email);
      await recordLogin(db, user.id, new Date());
      await logLoginIfNewAddress(db, user.id, request.ip);
      return { token: await createSession(db, user.id), must_change_password: user.must_change_password };
    },
    { config: { public: true }, serialize: true },
  );

  registerEndpoint(
    app,
    authEndpoints.logout,
    async (request) => {
      await revokeSession(db, sessionOf(request).sessionId);
      return { ok: true as const };
    },
    // Logging out stays open while the password is a temporary one (see the auth hook).
    { serialize: true, config: { beforeOwnPassword: true } },
  );

  registerEndpoint(app, authEndpoints.users, async () => listUserEmails(db), { serialize: true });
}
