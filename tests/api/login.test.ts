import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitAfterFailures } from '../../src/server/auth/login-throttle.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { readConfig } from '../../src/server/config.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

// The throttle reads this clock, so tests move time on instead of sleeping.
let clockMs = Date.parse('2026-01-05T09:00:00Z');
const advance = (seconds: number) => (clockMs += seconds * 1000);
const ACCOUNT_DELAY_STEP_MS = 40;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    loginThrottle: { now: () => new Date(clockMs), accountDelayStepMs: ACCOUNT_DELAY_STEP_MS, accountDelayMaxMs: 4 * ACCOUNT_DELAY_STEP_MS },
  });
});
afterAll(() => t.close());

const login = (email_address: string, password: string, remoteAddress = '10.0.0.1', app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address, password }, remoteAddress, headers });

async function statusesInTurn(count: number, attempt: (index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await attempt(index)).statusCode);
  return statuses;
}

describe('login', () => {
  it('refuses a wrong password with the catalogue message', async () => {
    const response = await login(TEST_STAFF_EMAIL, 'wrong password', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [{ msg: 'There was a problem logging you in' }] });
  });

  it('treats e-mail addresses without regard to case or spaces', async () => {
    const response = await login(`  ${TEST_STAFF_EMAIL.toUpperCase()} `, TEST_STAFF_PASSWORD, '10.0.0.3');
    expect(response.statusCode).toBe(200);
  });

  it('slows down repeated failures from one address on one account with a clear 429, even for the right password', async () => {
    const statuses = await statusesInTurn(7, () => login(TEST_STAFF_EMAIL, 'guess', '10.0.0.9'));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0].msg).toMatch(/Too many failed logins\. Try again in \d+ seconds\./);
  });

  it('slows down an address that tries many accounts', async () => {
    const statuses = await statusesInTurn(12, (index) => login(`nobody${index}@example.test`, 'guess', '10.0.0.10'));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('counts every guess of a parallel burst before checking it: 200 at once check at most 5, and the right password inside is refused', async () => {
    // An account no other test has failed on.
    const burst = { email: 'burst@example.test', password: 'burst target password' };
    await upsertStaffUser(t.db, burst.email, burst.password);
    const guesses = Array.from({ length: 200 }, (_, index) => (index === 100 ? burst.password : `burst guess ${index}`));
    const statuses = (await Promise.all(guesses.map((password) => login(burst.email, password, '10.0.0.11')))).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(194);
    expect(statuses[100]).toBe(429);
  });

  it('checks at most 10 of a parallel burst from one address over many accounts', async () => {
    const responses = await Promise.all(Array.from({ length: 200 }, (_, index) => login(`sprayed${index}@example.test`, 'Password1', '10.0.0.12')));
    expect(responses.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(10);
  });

  it('never refuses the right password from an address that has not failed, however many failures the account has elsewhere', async () => {
    for (let attempt = 0; attempt < 12; attempt++) expect((await login(TEST_STAFF_EMAIL, 'guess', `10.1.0.${attempt}`)).statusCode).toBe(401);
    // One attacker address past its own limit on the account.
    await statusesInTurn(8, () => login(TEST_STAFF_EMAIL, 'guess', '10.1.1.1'));
    const started = performance.now();
    const response = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.1.2.1');
    expect(response.statusCode).toBe(200);
    // The account's failures slow its logins down instead: the capped delay applied here.
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * ACCOUNT_DELAY_STEP_MS - 5);
  });

  it('forgives an address its failures when it logs in', async () => {
    for (let attempt = 0; attempt < 9; attempt++) await login(`typo${attempt}@example.test`, 'guess', '10.0.0.13');
    expect((await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.0.0.13')).statusCode).toBe(200);
    expect(await statusesInTurn(9, (index) => login(`typo${index}@example.test`, 'guess', '10.0.0.13'))).toEqual(Array(9).fill(401));
  });

  it('backs off exponentially while failures go on, and forgets them after a quiet hour', async () => {
    const address = '10.0.0.14';
    expect(await statusesInTurn(6, () => login(TEST_STAFF_EMAIL, 'guess', address))).toEqual([401, 401, 401, 401, 401, 429]);
    advance(2);
    expect(await statusesInTurn(2, () => login(TEST_STAFF_EMAIL, 'guess', address))).toEqual([401, 429]);
    advance(3);
    expect((await login(TEST_STAFF_EMAIL, 'guess', address)).statusCode).toBe(429);
    advance(60 * 60);
    expect(await statusesInTurn(6, () => login(TEST_STAFF_EMAIL, 'guess', address))).toEqual([401, 401, 401, 401, 401, 429]);
    expect([1, 4, 5, 6, 7, 30].map((failures) => waitAfterFailures(failures, 5, 900))).toEqual([0, 0, 2, 4, 8, 900]);
  });

  it('deletes the records of failures it has forgotten, so e-mail spraying cannot grow the table for ever', async () => {
    await statusesInTurn(3, (index) => login(`sprayed${index}@example.test`, 'guess', `10.0.3.${index}`));
    const sprayed = () => t.db.selectFrom('login_attempts').select('key').where('key', 'like', '%sprayed%').execute();
    expect((await sprayed()).length).toBe(6);
    advance(2 * 60 * 60);
    await login(TEST_STAFF_EMAIL, 'guess', '10.0.3.200');
    expect(await sprayed()).toEqual([]);
  });

  it('ends the session on logout', async () => {
    const { token } = (await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.0.0.4')).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers })).statusCode).toBe(401);
  });
});

describe('the client address behind a proxy', () => {
  it('reads TRUST_PROXY as a comma-separated list, off when unset', () => {
    expect(readConfig({ TRUST_PROXY: ' 10.0.0.1, 10.8.0.0/16 ,' }).trustProxy).toEqual(['10.0.0.1', '10.8.0.0/16']);
    expect(readConfig({}).trustProxy).toEqual([]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the sender, so a client cannot pick its own address', async () => {
    const statuses = await statusesInTurn(6, (index) => login(TEST_STAFF_EMAIL, 'guess', '10.2.0.1', t.app, { 'x-forwarded-for': `192.0.2.${index}` }));
    expect(statuses.at(-1)).toBe(429);
  });

  it('throttles each client behind a trusted proxy on its own address', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.3.0.1'] });
    try {
      const viaProxy = (password: string, client: string) => login(TEST_STAFF_EMAIL, password, '10.3.0.1', proxied.app, { 'x-forwarded-for': client });
      expect(await statusesInTurn(6, () => viaProxy('guess', '198.51.100.1'))).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await viaProxy(TEST_STAFF_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
      // A sender that is not the proxy still counts as itself.
      const direct = await statusesInTurn(6, (index) => login(TEST_STAFF_EMAIL, 'guess', '10.3.0.9', proxied.app, { 'x-forwarded-for': `192.0.2.${index}` }));
      expect(direct.at(-1)).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
