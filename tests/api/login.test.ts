import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitAfterFailures } from '../../src/server/auth/login-throttle.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email_address: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address, password }, remoteAddress });

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

  it('slows down repeated failures from one address with a clear 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await login(`nobody${attempt}@example.test`, 'guess', '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0].msg).toMatch(/Too many failed logins\. Try again in \d+ seconds\./);
  });

  it('slows down guessing one account from many addresses', async () => {
    for (let attempt = 0; attempt < 6; attempt++) await login('target@example.test', 'guess', `10.1.0.${attempt}`);
    expect((await login('target@example.test', 'guess', '10.1.0.99')).statusCode).toBe(429);
  });

  it('backs off exponentially rather than locking out for good', () => {
    expect([1, 4, 5, 6, 7, 30].map(waitAfterFailures)).toEqual([0, 0, 2, 4, 8, 900]);
  });

  it('ends the session on logout', async () => {
    const { token } = (await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '10.0.0.4')).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers })).statusCode).toBe(401);
  });
});
