import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/server/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => ({
  users: (await t.db.selectFrom('users').select('id').execute()).length,
  sessions: (await t.db.selectFrom('sessions').select('id').execute()).length,
  attempts: (await t.db.selectFrom('login_attempts').select('key').execute()).length,
});

const postLogin = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });

describe('bad input is refused in the error shape and changes nothing', () => {
  const cases: [string, string, number][] = [
    ['malformed JSON', '{"email_address": "a@b.c", "password": ', 400],
    ['a wrong type', JSON.stringify({ email_address: 42, password: ['x'] }), 400],
    ['missing fields', JSON.stringify({}), 400],
    ['blank fields', JSON.stringify({ email_address: '  ', password: '' }), 400],
    ['an array instead of an object', JSON.stringify([1, 2, 3]), 400],
    ['a body larger than the limit', JSON.stringify({ email_address: 'a@b.c', password: 'x'.repeat(BODY_LIMIT_BYTES + 10) }), 413],
  ];

  it.each(cases)('answers %s with its status', async (_label, payload, status) => {
    const before = await counts();
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(status);
    const body = response.json<{ errors: { msg: string; path?: string }[] }>();
    expect(body.errors.length).toBeGreaterThan(0);
    for (const item of body.errors) expect(item.msg).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });

  it('names the field that is wrong', async () => {
    const response = await postLogin(JSON.stringify({ email_address: 'someone@example.test' }));
    expect(response.json()).toEqual({ errors: [{ msg: 'Please fill in both fields', path: 'password' }] });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await postLogin('email_address=a', 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.objectContaining({ msg: expect.any(String) })] });
  });

  it('never leaks a stack or SQL in an answer to an unknown call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: t.auth });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/at .*\.ts|SELECT|stack/i);
  });
});
