import type { Kysely } from 'kysely';
import { revokeSessionsOfUser } from '../db/repositories/session-repository.js';
import { findLoginUser, upsertUserPassword } from '../db/repositories/user-repository.js';
import type { Database } from '../db/schema.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Creates the user, or resets the password of the existing one with that e-mail address; a password the policy refuses throws why. */
export async function upsertStaffUser(db: Kysely<Database>, email: string, password: string): Promise<number> {
  assertPasswordAllowed(password, { email });
  const existing = await findLoginUser(db, normaliseEmail(email));
  // Unchanged password: keep the user's sessions (start runs this on every boot).
  if (existing && (await verifyPassword(existing.password_hash, password))) return existing.id;
  const password_hash = await hashPassword(password);
  const id = await upsertUserPassword(db, normaliseEmail(email), password_hash);
  // A reset password ends the sessions opened with the old one.
  await revokeSessionsOfUser(db, id);
  return id;
}
