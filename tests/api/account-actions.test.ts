// Account actions that are accountable and hard to abuse (issue 30 item 3). Tried as an attacker
// would: a new account deactivated the original one; a reset showed the other person's new
// password to the caller, who could then work under their name; five parallel resets gave five
// passwords "shown once". Now: resetting or deactivating someone else asks for the caller's own
// password; a reset password is temporary; resets of one account are serialised; nobody can
// deactivate themselves; every account action is in the account log.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, MUST_CHANGE_PASSWORD, type AccountLogEntry, type StaffAccount, type StaffPassword } from '../../src/domain/staff.js';
import { staffTestCalls } from '../helpers/staff-test-calls.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorBody = { errors: { msg: string; path?: string }[] };
const { call, login, loggedIn, addAccount } = staffTestCalls(() => t);
const accountOf = async (id: number) => (await (await call('GET', 'staff', t.auth)).json<StaffAccount[]>()).find((row) => row.id === id)!;
const storedUser = (id: number) =>
  t.db.selectFrom('users').select(['password_hash', 'version', 'deactivated_at']).where('id', '=', id).executeTakeFirstOrThrow();
const log = async () => (await call('GET', 'staff/log', t.auth)).json<AccountLogEntry[]>();

describe('resetting or deactivating another account asks for your own password', () => {
  for (const action of ['reset-password', 'deactivate'] as const) {
    it(`refuses ${action} without it or with a wrong one, naming the field, changing nothing`, async () => {
      const { account, password } = await addAccount(`${action}.target@example.test`);
      const before = await storedUser(account.id);
      const missing = await call('POST', `staff/${account.id}/${action}`, t.auth, { version: account.version });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>().errors).toContainEqual(expect.objectContaining({ path: 'current_password', msg: 'Type your current password' }));
      const wrong = await call('POST', `staff/${account.id}/${action}`, t.auth, { current_password: 'not my password at all', version: account.version });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ErrorBody>().errors).toEqual([{ path: 'current_password', msg: CURRENT_PASSWORD_WRONG }]);
      expect(await storedUser(account.id)).toEqual(before);
      await loggedIn(account.email_address, password);
    });
  }

  it('counts wrong passwords like failed logins: after five from one address, the next waits (429)', async () => {
    const { account } = await addAccount('guessed.at@example.test');
    const attacker = await loggedIn(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.9.9.9');
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call(
        'POST',
        `staff/${account.id}/deactivate`,
        attacker,
        { current_password: `guess ${attempt}`, version: account.version },
        '10.9.9.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await storedUser(account.id)).deactivated_at).toBeNull();
  });
});

describe('a reset password is temporary', () => {
  it('lets its owner do nothing but choose their own, which the caller never learns', async () => {
    const { account, password: first } = await addAccount('temporary@example.test');
    const reset = await call('POST', `staff/${account.id}/reset-password`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: account.version });
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json<StaffPassword>().password;
    expect(reset.json<StaffPassword>().account.must_change_password).toBe(true);
    expect((await login(account.email_address, first)).statusCode).toBe(401);

    const response = await login(account.email_address, temporary);
    expect(response.json<{ must_change_password: boolean }>().must_change_password).toBe(true);
    const session = { authorization: `Bearer ${response.json<{ token: string }>().token}` };
    for (const [method, url] of [
      ['GET', 'staff'],
      ['GET', 'tours/all'],
      ['GET', 'bookings'],
    ] as const) {
      const refused = await call(method, url, session);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<ErrorBody>().errors).toEqual([{ msg: MUST_CHANGE_PASSWORD }]);
    }
    const chosen = await call('POST', 'auth/change-password', session, { current_password: temporary, new_password: 'my own chosen passphrase' });
    expect(chosen.statusCode).toBe(200);
    expect((await call('GET', 'staff', session)).statusCode).toBe(200);
    expect((await login(account.email_address, temporary)).statusCode).toBe(401);
    const next = await login(account.email_address, 'my own chosen passphrase');
    expect(next.json<{ must_change_password: boolean }>().must_change_password).toBe(false);
    expect((await accountOf(account.id)).must_change_password).toBe(false);
  });

  it('still lets its owner log out', async () => {
    const { account } = await addAccount('leaves.at.once@example.test');
    const reset = await call('POST', `staff/${account.id}/reset-password`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: account.version });
    const session = await loggedIn(account.email_address, reset.json<StaffPassword>().password);
    expect((await call('POST', 'auth/logout', session)).statusCode).toBe(200);
    expect((await call('POST', 'auth/change-password', session, { current_password: 'x', new_password: 'y' })).statusCode).toBe(401);
  });
});

describe('resets and deactivations of one account are serialised', () => {
  it('of five parallel resets, one wins and four get 409; only its password logs in', async () => {
    const { account } = await addAccount('raced@example.test');
    const body = { current_password: TEST_STAFF_PASSWORD, version: account.version };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', `staff/${account.id}/reset-password`, t.auth, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.body).toContain('This account was changed by someone else');
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<StaffPassword>().password;
    await loggedIn(account.email_address, winner);
    expect((await log()).filter((entry) => entry.subject === account.email_address && entry.action === 'password reset')).toHaveLength(1);
  });

  it('refuses a deactivation at a version someone else has moved on', async () => {
    const { account } = await addAccount('stale.deactivation@example.test');
    const seen = account.version;
    await call('POST', `staff/${account.id}/reset-password`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: seen });
    const stale = await call('POST', `staff/${account.id}/deactivate`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: seen });
    expect(stale.statusCode).toBe(409);
    expect((await storedUser(account.id)).deactivated_at).toBeNull();
  });
});

describe('nobody can deactivate themselves', () => {
  it('refuses it with the reason, whatever password is sent', async () => {
    const me = (await (await call('GET', 'staff', t.auth)).json<StaffAccount[]>()).find((row) => row.you)!;
    const refused = await call('POST', `staff/${me.id}/deactivate`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: me.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('You cannot deactivate your own account');
    expect((await storedUser(me.id)).deactivated_at).toBeNull();
  });
});

describe('the account log', () => {
  it('records every account action with who, whom, when and from which address, newest first', async () => {
    const started = Date.now();
    const { account, password } = await addAccount('logged@example.test');
    await loggedIn(account.email_address, password, '10.1.1.1');
    await loggedIn(account.email_address, password, '10.1.1.1');
    await loggedIn(account.email_address, password, '10.2.2.2');
    const session = await loggedIn(account.email_address, password, '10.1.1.1');
    await call('POST', 'auth/change-password', session, { current_password: password, new_password: 'a passphrase of my own' }, '10.1.1.1');
    const version = (await accountOf(account.id)).version;
    await call('POST', `staff/${account.id}/reset-password`, t.auth, { current_password: TEST_STAFF_PASSWORD, version });
    await call('POST', `staff/${account.id}/deactivate`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: version + 1 });
    await call('POST', `staff/${account.id}/reactivate`, t.auth, { version: version + 2 });

    const lines = (await log()).filter((entry) => entry.subject === account.email_address);
    expect(lines.map(({ actor, action, address }) => [actor, action, address])).toEqual([
      [TEST_STAFF_EMAIL, 'reactivated', '127.0.0.1'],
      [TEST_STAFF_EMAIL, 'deactivated', '127.0.0.1'],
      [TEST_STAFF_EMAIL, 'password reset', '127.0.0.1'],
      [account.email_address, 'password changed', '10.1.1.1'],
      [account.email_address, 'login from a new address', '10.2.2.2'],
      [account.email_address, 'login from a new address', '10.1.1.1'],
      [TEST_STAFF_EMAIL, 'added', '127.0.0.1'],
    ]);
    for (const line of lines) expect(Date.parse(line.created_at)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('logs nothing for a refused action', async () => {
    const { account } = await addAccount('refused.action@example.test');
    await call('POST', `staff/${account.id}/reset-password`, t.auth, { current_password: 'wrong password here', version: account.version });
    await call('POST', `staff/${account.id}/deactivate`, t.auth, { current_password: TEST_STAFF_PASSWORD, version: account.version + 5 });
    expect((await log()).filter((entry) => entry.subject === account.email_address).map((entry) => entry.action)).toEqual(['added']);
  });
});
