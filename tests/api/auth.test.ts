import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { runCli } from '../helpers/run-cli.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email_address: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address, password } });

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

describe('the password policy wherever a password is set', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weak-passwords-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a weak password for a staff user, with the reason, and stores nothing', async () => {
    await expect(upsertStaffUser(t.db, 'weak@example.test', '12345678')).rejects.toThrow('The password must have at least 12 characters (it has 8).');
    await expect(upsertStaffUser(t.db, 'weak@example.test', 'qwerty123456')).rejects.toThrow(/one of the 10,000 most common passwords/);
    expect(await t.db.selectFrom('users').select('id').where('email_address', '=', 'weak@example.test').execute()).toEqual([]);
  });

  it('makes npm run user:add refuse 12345678 with the reason', () => {
    expect(() => runCli('user-add', ['weak@example.test'], { DATA_DIR: dataDir, STAFF_PASSWORD: '12345678' })).toThrow(/at least 12 characters/);
  });

  it('makes npm start refuse STAFF_PASSWORD=a with the reason', () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', STAFF_EMAIL: 'weak@example.test', STAFF_PASSWORD: 'a' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--api-only'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('STAFF_PASSWORD: The password must have at least 12 characters (it has 1).');
  });
});
