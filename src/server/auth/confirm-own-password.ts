import type { Kysely } from 'kysely';
import { CURRENT_PASSWORD_WRONG } from '../../domain/staff.js';
import { findPasswordHash } from '../db/repositories/user-repository.js';
import type { Database } from '../db/schema.js';
import { badRequest, HttpError } from '../http-errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './passwords.js';
import type { SessionUser } from './sessions.js';

/**
 * Checks the caller's own password before an action on an account (a reset, a deactivation, a
 * password change): a session left open on a desk is not enough. Counted by the login throttle
 * like a login, so an open session cannot be used to guess its owner's password.
 */
export async function confirmOwnPassword(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  session: SessionUser,
  address: string,
  password: string,
): Promise<void> {
  const admission = await throttle.admit(address, session.email_address);
  if (admission.waitSeconds > 0) throw new HttpError(429, [{ msg: `Too many wrong passwords. Try again in ${admission.waitSeconds} seconds.` }]);
  const user = await findPasswordHash(db, session.userId);
  if (!(await verifyPassword(user.password_hash, password))) throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
  await throttle.forgive(address, session.email_address);
}
