import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** What a login checks of the account with that (normalised) e-mail address. */
export function findLoginUser(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(['id', 'password_hash', 'deactivated_at']).where('email_address', '=', email).executeTakeFirst();
}

export async function recordLogin(db: Kysely<Database>, userId: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/** Every account's id and e-mail address, in id order. */
export function listUserEmails(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'email_address']).orderBy('id').execute();
}

/** The account's password hash; throws when there is no such account. */
export function findPasswordHash(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
}
