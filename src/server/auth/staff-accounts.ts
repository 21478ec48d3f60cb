import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LAST_ACTIVE_ACCOUNT, type StaffAccount } from '../../domain/staff.js';
import { revokeSessionsOfUser } from '../db/repositories/session-repository.js';
import {
  findStaffUser,
  insertUserUnlessTaken,
  listStaffUsers,
  lockActiveUsers,
  setPasswordHash,
  setUserDeactivated,
} from '../db/repositories/user-repository.js';
import type { Database } from '../db/schema.js';
import { conflict, notFound } from '../http-errors.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { normaliseEmail } from './staff-users.js';

// Staff accounts as the Staff screen manages them. Every function takes the database (or a
// transaction) first. A password the server chooses is returned once and stored only as a hash.

// No 0/O or 1/l/I: a first password is read off a screen and typed by someone else.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of four groups of five (about 116 bits), e.g. 'k7Rmq-2WxhP-...'. */
export function choosePassword(): string {
  const group = () => Array.from({ length: 5 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
  const password = [group(), group(), group(), group()].join('-');
  assertPasswordAllowed(password);
  return password;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type AccountRow = { id: number; email_address: string; created_at: Date; last_login_at: Date | null; deactivated_at: Date | null };

/** `viewerId`: the account of the person asking, marked `you`. */
function toAccount(row: AccountRow, viewerId: number): StaffAccount {
  const active = row.deactivated_at === null;
  return {
    id: row.id,
    email_address: row.email_address,
    created_at: iso(row.created_at) ?? '',
    last_login_at: iso(row.last_login_at),
    active,
    you: row.id === viewerId,
  };
}

export async function listStaffAccounts(db: Kysely<Database>, viewerId: number): Promise<StaffAccount[]> {
  const rows = await listStaffUsers(db);
  return rows.map((row) => toAccount(row, viewerId));
}

export async function findStaffAccount(db: Kysely<Database>, id: number, viewerId: number): Promise<StaffAccount> {
  const row = await findStaffUser(db, id);
  if (!row) throw notFound('Staff account');
  return toAccount(row, viewerId);
}

/** Adds an account with a chosen first password; an address already in use is 409. */
export async function addStaffAccount(db: Kysely<Database>, email: string, viewerId: number): Promise<{ account: StaffAccount; password: string }> {
  const email_address = normaliseEmail(email);
  const password = choosePassword();
  const password_hash = await hashPassword(password);
  const id = await insertUserUnlessTaken(db, email_address, password_hash);
  if (id === undefined) throw conflict(`${email_address} already has an account`, 'email_address');
  return { account: await findStaffAccount(db, id, viewerId), password };
}

/** Sets a new chosen password on the account and ends its sessions. */
export async function resetStaffPassword(db: Kysely<Database>, id: number, viewerId: number): Promise<{ account: StaffAccount; password: string }> {
  const password = choosePassword();
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const account = await findStaffAccount(trx, id, viewerId);
    await setPasswordHash(trx, id, password_hash);
    await revokeSessionsOfUser(trx, id);
    return { account, password };
  });
}

/** Sets the account's own new password, ending its other sessions. */
export async function setOwnPassword(db: Kysely<Database>, userId: number, sessionId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, password_hash);
    await revokeSessionsOfUser(trx, userId, sessionId);
  });
}

/**
 * Deactivates (ending its sessions at once) or reactivates an account. The active accounts are
 * locked first, so two deactivations at once cannot leave nobody able to log in.
 */
export async function setStaffActive(db: Kysely<Database>, id: number, active: boolean, viewerId: number): Promise<StaffAccount> {
  return db.transaction().execute(async (trx) => {
    const account = await findStaffAccount(trx, id, viewerId);
    if (account.active === active) return account;
    if (!active) {
      // Every active account is locked, in id order, so two deactivations at once take the locks
      // one after the other (never a deadlock) and the second sees what the first left.
      const activeIds = await lockActiveUsers(trx);
      if (!activeIds.some((row) => row.id !== id)) throw conflict(LAST_ACTIVE_ACCOUNT);
    }
    await setUserDeactivated(trx, id, !active);
    if (!active) await revokeSessionsOfUser(trx, id);
    return findStaffAccount(trx, id, viewerId);
  });
}
