import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSession, hashToken } from '../../src/server/auth/sessions.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every registered route, read from the server's own route table, so a new route cannot slip by.
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+\??/g, '1').replace(/\*$/, 'x');

describe('every API route but login demands a valid token', () => {
  it('has routes to check, and only login is public', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(3);
    expect(t.app.routeTable.filter((route) => route.public).map((route) => route.url)).toEqual(['/api/v1/auth/login']);
  });

  const badHeaders: [string, Record<string, string>][] = [
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtMTIzNDU2Nzg5MA' }],
    ['a malformed header', { authorization: 'Token something' }],
    ['a token with forbidden characters', { authorization: "Bearer ' OR 1=1 --" }],
  ];

  it.each(badHeaders)('answers 401 with %s', async (_label, headers) => {
    for (const route of t.app.routeTable.filter((entry) => !entry.public)) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ errors: [expect.objectContaining({ msg: expect.any(String) })] });
    }
  });

  it('answers 401 to a revoked token and to an expired one', async () => {
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const revoked = await createSession(t.db, user.id);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${revoked}` } });
    const idle = await createSession(t.db, user.id);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '3 hours'` })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    const old = await createSession(t.db, user.id);
    await t.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '13 hours'` })
      .where('token_hash', '=', hashToken(old))
      .execute();
    for (const token of [revoked, idle, old]) {
      for (const route of t.app.routeTable.filter((entry) => !entry.public)) {
        const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('lets a valid token through', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/server-info', headers: t.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ environment: expect.any(String), api_url: expect.stringContaining('/api/v1'), version: expect.any(String) });
  });

  it('sends security headers with API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/server-info', headers: t.auth });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
