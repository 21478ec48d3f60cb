import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** What a login checks of the account with that (normalised) e-mail address. */
export function findLoginUser(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(['id', 'password_hash', 'deactivated_at', 'must_change_password']).where('email_address', '=', email).executeTakeFirst();
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

const STAFF_COLUMNS = ['id', 'email_address', 'created_at', 'last_login_at', 'deactivated_at', 'version', 'must_change_password'] as const;

/** Every account as the Staff screen lists it, by e-mail address. */
export function listStaffUsers(db: Kysely<Database>) {
  return db.selectFrom('users').select(STAFF_COLUMNS).orderBy('email_address').execute();
}

/** One account as the Staff screen shows it; `lock` holds its row until the transaction ends. */
export function findStaffUser(db: Kysely<Database>, userId: number, { lock = false } = {}) {
  const query = db.selectFrom('users').select(STAFF_COLUMNS).where('id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Adds the account and answers its id; undefined when the (normalised) address already has one. */
export async function insertUserUnlessTaken(db: Kysely<Database>, email: string, passwordHash: string): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({ email_address: email, password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('email_address').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Adds the account, or sets the password of the one with that (normalised) address; answers its id. */
export async function upsertUserPassword(db: Kysely<Database>, email: string, passwordHash: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ email_address: email, password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('email_address').doUpdateSet({ password_hash: passwordHash, must_change_password: false }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sets the account's password and moves its version on. `temporary`: set by someone else (a
 * reset), so its owner must choose their own at the next login; false when they chose it.
 */
export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string, { temporary = false } = {}): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, must_change_password: temporary, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** The active accounts' ids, each row locked until the transaction ends, taken in id order (never a deadlock). */
export function lockActiveUsers(trx: Kysely<Database>) {
  return trx.selectFrom('users').select('id').where('deactivated_at', 'is', null).orderBy('id').forUpdate().execute();
}

/** Deactivates the account now, or reactivates it, moving its version on. */
export async function setUserDeactivated(db: Kysely<Database>, userId: number, deactivated: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ deactivated_at: deactivated ? sql<Date>`now()` : null, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
