import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Creates the user, or resets the password of the existing one with that e-mail address; a password the policy refuses throws why. */
export async function upsertStaffUser(db: Kysely<Database>, email: string, password: string): Promise<number> {
  assertPasswordAllowed(password);
  const existing = await db.selectFrom('users').select(['id', 'password_hash']).where('email_address', '=', normaliseEmail(email)).executeTakeFirst();
  // Unchanged password: keep the user's sessions (start runs this on every boot).
  if (existing && (await verifyPassword(existing.password_hash, password))) return existing.id;
  const password_hash = await hashPassword(password);
  const row = await db
    .insertInto('users')
    .values({ email_address: normaliseEmail(email), password_hash })
    .onConflict((conflict) => conflict.column('email_address').doUpdateSet({ password_hash }))
    .returning('id')
    .executeTakeFirstOrThrow();
  // A reset password ends the sessions opened with the old one.
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', row.id).where('revoked_at', 'is', null).execute();
  return row.id;
}
