import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount, StaffPassword } from '../../src/domain/staff.js';
import { staffTestCalls } from '../helpers/staff-test-calls.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, login, loggedIn, addAccount } = staffTestCalls(() => t);
const accounts = async () => (await call('GET', 'staff', t.auth)).json<StaffAccount[]>();
const versionOf = async (id: number) => (await accounts()).find((row) => row.id === id)!.version;
/** The body of a reset or deactivation: the caller's own password and the account's listed version. */
const confirmed = async (id: number, password = TEST_STAFF_PASSWORD) => ({ current_password: password, version: await versionOf(id) });

describe('staff accounts', () => {
  it('adds an account with a first password shown once, which logs in and is stored only as a hash', async () => {
    const { account, password } = await addAccount(' New.Person@Example.test ');
    expect(account).toMatchObject({ email_address: 'new.person@example.test', active: true, last_login_at: null, you: false, must_change_password: false });
    expect((await accounts()).filter((row) => row.you).map((row) => row.email_address)).toEqual([TEST_STAFF_EMAIL]);
    expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(password);
    await loggedIn('new.person@example.test', password);
    const listed = (await accounts()).find((row) => row.id === account.id);
    expect(listed?.last_login_at).not.toBeNull();
    expect(JSON.stringify(await accounts())).not.toContain(password);
  });

  it('refuses a bad address and an address already in use, adding nothing', async () => {
    const before = await accounts();
    const bad = await call('POST', 'staff', t.auth, { email_address: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid e-mail address');
    const twice = await call('POST', 'staff', t.auth, { email_address: TEST_STAFF_EMAIL.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain(`${TEST_STAFF_EMAIL} already has an account`);
    expect(await accounts()).toEqual(before);
  });

  it('resets a password: the old one and its sessions stop working, the new one logs in', async () => {
    const { account, password } = await addAccount('reset.me@example.test');
    const oldSession = await loggedIn(account.email_address, password);
    const reset = await call('POST', `staff/${account.id}/reset-password`, t.auth, await confirmed(account.id));
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json<StaffPassword>().password;
    expect(fresh).not.toBe(password);
    expect((await call('GET', 'staff', oldSession)).statusCode).toBe(401);
    expect((await login(account.email_address, password)).statusCode).toBe(401);
    await loggedIn(account.email_address, fresh);
  });

  it('refuses to reset your own password from the list, pointing at Change my password', async () => {
    const me = (await accounts()).find((row) => row.email_address === TEST_STAFF_EMAIL)!;
    const response = await call('POST', `staff/${me.id}/reset-password`, t.auth, await confirmed(me.id));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Use Change my password for your own account');
  });

  it("refuses a deactivated person's open session at once and their next login, and lets them back after reactivation", async () => {
    const { account, password } = await addAccount('leaver@example.test');
    const session = await loggedIn(account.email_address, password);
    expect((await call('GET', 'staff', session)).statusCode).toBe(200);
    const deactivated = await call('POST', `staff/${account.id}/deactivate`, t.auth, await confirmed(account.id));
    expect(deactivated.json<StaffAccount>().active).toBe(false);
    expect((await call('GET', 'staff', session)).statusCode).toBe(401);
    const refused = await login(account.email_address, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('There was a problem logging you in');
    const reactivated = await call('POST', `staff/${account.id}/reactivate`, t.auth, { version: await versionOf(account.id) });
    expect(reactivated.json<StaffAccount>().active).toBe(true);
    await loggedIn(account.email_address, password);
  });

  it('changes your own password only with the current one and under the policy, keeping this session and ending the others', async () => {
    const { account, password } = await addAccount('changer@example.test');
    const here = await loggedIn(account.email_address, password);
    const elsewhere = await loggedIn(account.email_address, password);
    const wrong = await call('POST', 'auth/change-password', here, { current_password: 'not it at all', new_password: 'a much better passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Your current password is not right');
    const weak = await call('POST', 'auth/change-password', here, { current_password: password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('at least 12 characters');
    // Issue 30 item 5: long enough but guessed at once, the own address, the current password.
    for (const [new_password, reason] of [
      ['Password1234', 'too easy to guess'],
      ['changer@example.test', 'cannot be your e-mail address'],
      [password, 'must differ from your current one'],
    ]) {
      const refused = await call('POST', 'auth/change-password', here, { current_password: password, new_password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: { msg: string; path?: string }[] }>().errors).toContainEqual(
        expect.objectContaining({ path: 'new_password', msg: expect.stringContaining(reason) }),
      );
    }
    expect((await call('GET', 'staff', elsewhere)).statusCode).toBe(200);
    const changed = await call('POST', 'auth/change-password', here, { current_password: password, new_password: 'a much better passphrase' });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', 'staff', here)).statusCode).toBe(200);
    expect((await call('GET', 'staff', elsewhere)).statusCode).toBe(401);
    expect((await login(account.email_address, password)).statusCode).toBe(401);
    await loggedIn(account.email_address, 'a much better passphrase');
  });

  // Last: the race may deactivate the account whose session the other tests use.
  it('never deactivates the last active account, even when two deactivations race', async () => {
    const { account, password } = await addAccount('last.two@example.test');
    const other = await loggedIn(account.email_address, password);
    for (const row of await accounts()) {
      if (row.active && row.id !== account.id && row.email_address !== TEST_STAFF_EMAIL)
        await call('POST', `staff/${row.id}/deactivate`, t.auth, await confirmed(row.id));
    }
    const me = (await accounts()).find((row) => row.email_address === TEST_STAFF_EMAIL)!;
    // Each deactivates the other (nobody may deactivate themselves): one must be refused.
    const [mine, theirs] = [await confirmed(account.id), await confirmed(me.id, password)];
    const [first, second] = await Promise.all([
      call('POST', `staff/${account.id}/deactivate`, t.auth, mine),
      call('POST', `staff/${me.id}/deactivate`, other, theirs),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first.body, second.body].join(' ')).toContain('This is the last active account');
    expect((await t.db.selectFrom('users').select('id').where('deactivated_at', 'is', null).execute()).length).toBe(1);
    // Whoever is still active reactivates the other, who can log in again.
    const accountLost = first.statusCode === 200;
    const survivor = accountLost ? t.auth : other;
    const lost = accountLost
      ? { id: account.id, email: account.email_address, password }
      : { id: me.id, email: TEST_STAFF_EMAIL, password: TEST_STAFF_PASSWORD };
    const lostVersion = (await (await call('GET', 'staff', survivor)).json<StaffAccount[]>()).find((row) => row.id === lost.id)!.version;
    expect((await call('POST', `staff/${lost.id}/reactivate`, survivor, { version: lostVersion })).statusCode).toBe(200);
    await loggedIn(lost.email, lost.password);
  });
});
