import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email_address: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address, password } });

describe('auth', () => {
  it('gives a token for the right password and the token opens the API', async () => {
    const response = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const users = await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: { authorization: `Bearer ${token}` } });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual([expect.objectContaining({ email_address: TEST_STAFF_EMAIL })]);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD)).json<{ token: string }>();
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });
});
