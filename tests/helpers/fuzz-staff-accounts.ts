import { createSession, hashToken } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { TEST_STAFF_PASSWORD, type TestApp } from './test-app.js';

// The staff routes can end sessions and lock accounts out. The fuzz aims them at accounts of their
// own, so the session every other route is fuzzed with stays live:
// - `staff/:id/...` (reset, deactivate, reactivate) at the target account;
// - `auth/change-password` with a fresh session of the actor account, whose password the valid
//   body changes (a mutated body may change it too: it is put back before each build).
export const FUZZ_TARGET_EMAIL = 'fuzz.target@example.test';
export const FUZZ_ACTOR_EMAIL = 'fuzz.actor@example.test';
export const FUZZ_ACTOR_PASSWORD = 'fuzzing actor passphrase';
// A new password must differ from the current one (issue 30): the body changes it to this, and
// the next build puts the first one back.
const FUZZ_ACTOR_NEW_PASSWORD = 'fuzzing actor passphrase, once changed';

/**
 * After a request to a staff route: a junk address such as `staff/%201/deactivate` can still name
 * the fuzz's own account (' 1' reads as 1), so its account is made active and its session live
 * again. Staff routes end sessions by design; the other routes must keep being fuzzed.
 */
export async function keepFuzzSessionLive(t: TestApp): Promise<void> {
  const token = t.auth.authorization.replace(/^Bearer /, '');
  const session = await t.db.selectFrom('sessions').select(['id', 'user_id']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ deactivated_at: null }).where('id', '=', session.user_id).where('deactivated_at', 'is not', null).execute();
  await t.db.updateTable('sessions').set({ revoked_at: null }).where('id', '=', session.id).where('revoked_at', 'is not', null).execute();
}

export async function fuzzTargetAccountId(t: TestApp): Promise<number> {
  return upsertStaffUser(t.db, FUZZ_TARGET_EMAIL, 'fuzzing target passphrase');
}

export async function fuzzActorAuth(t: TestApp): Promise<{ authorization: string }> {
  const id = await upsertStaffUser(t.db, FUZZ_ACTOR_EMAIL, FUZZ_ACTOR_PASSWORD);
  await t.db.updateTable('users').set({ deactivated_at: null }).where('id', '=', id).execute();
  return { authorization: `Bearer ${await createSession(t.db, id)}` };
}

/**
 * Failed logins, and wrong passwords sent to confirm an account action, are counted per address
 * and account, and the fuzz sends many, so the count is cleared before each valid body (the
 * login_attempts table is bookkeeping, not data a refused request could damage); otherwise every
 * later valid body would be answered 429.
 */
export async function forgetFailedLogins(t: TestApp): Promise<void> {
  await t.db.deleteFrom('login_attempts').execute();
}

export async function changePasswordBody({ t }: { t: TestApp }) {
  await forgetFailedLogins(t);
  await upsertStaffUser(t.db, FUZZ_ACTOR_EMAIL, FUZZ_ACTOR_PASSWORD);
  return { kind: 'json' as const, value: { current_password: FUZZ_ACTOR_PASSWORD, new_password: FUZZ_ACTOR_NEW_PASSWORD } };
}

/** A new account's address, different at every call. */
export async function newStaffBody({ unique }: { unique: (text: string) => string }) {
  return {
    kind: 'json' as const,
    value: {
      email_address: `${unique('fuzz')
        .replace(/[^a-z0-9]+/gi, '.')
        .toLowerCase()}@example.test`,
    },
  };
}

/** The version of the account a `staff/:id/...` address names, as the Staff screen lists it now. */
async function versionOfAccountIn(t: TestApp, url: string): Promise<number> {
  const id = Number(/\/staff\/(\d+)\//.exec(url)?.[1]);
  const row = await t.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirst();
  return row?.version ?? 1;
}

/** A reset or deactivation of the target account: the fuzz user's own password and the account's version now. */
export async function accountActionBody({ t, url }: { t: TestApp; url: string }) {
  await forgetFailedLogins(t);
  return { kind: 'json' as const, value: { current_password: TEST_STAFF_PASSWORD, version: await versionOfAccountIn(t, url) } };
}

export async function reactivateBody({ t, url }: { t: TestApp; url: string }) {
  return { kind: 'json' as const, value: { version: await versionOfAccountIn(t, url) } };
}
