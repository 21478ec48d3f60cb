import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCOUNT_LOG_LIMIT, LAST_ACTIVE_ACCOUNT, type AccountLogEntry, type StaffAccount } from '../../domain/staff.js';
import { hasLoggedInFrom, insertAccountLog, listAccountLog } from '../db/repositories/account-log-repository.js';
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
import { conflict, notFound, staleVersion } from '../http-errors.js';
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

type AccountRow = {
  id: number;
  email_address: string;
  created_at: Date;
  last_login_at: Date | null;
  deactivated_at: Date | null;
  version: number;
  must_change_password: boolean;
};

/** Who is acting, and from which address: the account log's who and where. */
export type Actor = { userId: number; address: string };

/** `viewerId`: the account of the person asking, marked `you`. */
function toAccount(row: AccountRow, viewerId: number): StaffAccount {
  return {
    id: row.id,
    email_address: row.email_address,
    created_at: iso(row.created_at) ?? '',
    last_login_at: iso(row.last_login_at),
    active: row.deactivated_at === null,
    you: row.id === viewerId,
    version: row.version,
    must_change_password: row.must_change_password,
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

/**
 * The account's row, locked until the transaction ends, at the version the caller saw: of several
 * resets (or deactivations) of one account at once, the first moves the version on and the
 * others are 409, so only one temporary password is ever handed out.
 */
async function lockAccountAt(trx: Kysely<Database>, id: number, version: number): Promise<void> {
  const row = await findStaffUser(trx, id, { lock: true });
  if (!row) throw notFound('Staff account');
  if (row.version !== version) throw staleVersion('This account');
}

/** Adds an account with a chosen first password; an address already in use is 409. */
export async function addStaffAccount(db: Kysely<Database>, email: string, actor: Actor): Promise<{ account: StaffAccount; password: string }> {
  const email_address = normaliseEmail(email);
  const password = choosePassword();
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const id = await insertUserUnlessTaken(trx, email_address, password_hash);
    if (id === undefined) throw conflict(`${email_address} already has an account`, 'email_address');
    await insertAccountLog(trx, { actorId: actor.userId, subjectId: id, action: 'added', address: actor.address });
    return { account: await findStaffAccount(trx, id, actor.userId), password };
  });
}

/**
 * Gives the account a temporary password (its owner must replace it at the next login, so the
 * caller never knows the one they will use) and ends its sessions.
 */
export async function resetStaffPassword(
  db: Kysely<Database>,
  id: number,
  version: number,
  actor: Actor,
): Promise<{ account: StaffAccount; password: string }> {
  const password = choosePassword();
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await lockAccountAt(trx, id, version);
    await setPasswordHash(trx, id, password_hash, { temporary: true });
    await revokeSessionsOfUser(trx, id);
    await insertAccountLog(trx, { actorId: actor.userId, subjectId: id, action: 'password reset', address: actor.address });
    return { account: await findStaffAccount(trx, id, actor.userId), password };
  });
}

/** Sets the account's own new password (no longer a temporary one), ending its other sessions. */
export async function setOwnPassword(db: Kysely<Database>, sessionId: number, password: string, actor: Actor): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, actor.userId, password_hash);
    await revokeSessionsOfUser(trx, actor.userId, sessionId);
    await insertAccountLog(trx, { actorId: actor.userId, subjectId: actor.userId, action: 'password changed', address: actor.address });
  });
}

/**
 * Deactivates (ending its sessions at once) or reactivates another account (the route refuses
 * one's own), at the version the caller saw. The active accounts are locked first, so two deactivations at once cannot leave
 * nobody able to log in.
 */
export async function setStaffActive(db: Kysely<Database>, id: number, active: boolean, version: number, actor: Actor): Promise<StaffAccount> {
  return db.transaction().execute(async (trx) => {
    if (!active) {
      // Every active account is locked, in id order, so two deactivations at once take the locks
      // one after the other (never a deadlock) and the second sees what the first left.
      const activeIds = await lockActiveUsers(trx);
      await lockAccountAt(trx, id, version);
      const account = await findStaffAccount(trx, id, actor.userId);
      if (!account.active) return account;
      if (!activeIds.some((row) => row.id !== id)) throw conflict(LAST_ACTIVE_ACCOUNT);
    } else {
      await lockAccountAt(trx, id, version);
      if ((await findStaffAccount(trx, id, actor.userId)).active) return findStaffAccount(trx, id, actor.userId);
    }
    await setUserDeactivated(trx, id, !active);
    if (!active) await revokeSessionsOfUser(trx, id);
    await insertAccountLog(trx, { actorId: actor.userId, subjectId: id, action: active ? 'reactivated' : 'deactivated', address: actor.address });
    return findStaffAccount(trx, id, actor.userId);
  });
}

/** The newest account actions, as the Staff screen lists them. */
export async function readAccountLog(db: Kysely<Database>): Promise<AccountLogEntry[]> {
  const rows = await listAccountLog(db, ACCOUNT_LOG_LIMIT);
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? '' }));
}

/** Logs a login from an address this account has not logged in from before. */
export async function logLoginIfNewAddress(db: Kysely<Database>, userId: number, address: string): Promise<void> {
  if (await hasLoggedInFrom(db, userId, address)) return;
  await insertAccountLog(db, { actorId: userId, subjectId: userId, action: 'login from a new address', address });
}
