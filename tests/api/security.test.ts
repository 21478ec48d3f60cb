import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type RouteEntry } from '../../src/server/app.js';
import { createSession, hashToken } from '../../src/server/auth/sessions.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { recordFigures } from '../helpers/report-figures.js';
import { arbitraryFromSchema, toJsonSchema } from '../helpers/schema-arbitrary.js';
import { fillUrl, resolveSeededParams, type ResolvedParams } from '../helpers/seeded-route-params.js';
import { TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, createTestApp, type TestApp } from '../helpers/test-app.js';
import { WriteDetector } from '../helpers/write-detector.js';

// tests/api/route-auth.test.ts checks every route against a missing, made-up and malformed token
// and a revoked and an expired one on placeholder addresses. This file adds what an attacker would
// try next: real addresses and real bodies, tokens in other places, tampered tokens, brute force,
// SQL injection in every list filter, hostile uploads, and the headers of the app as well as the API.

const mediaDir = mkdtempSync(path.join(tmpdir(), 'security-media-'));
let t: TestApp;
let seeded: ResolvedParams;
let detector: WriteDetector;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  t = await createTestApp({ mediaDir });
  await seedDemoData(t.db, { scale: 'demo' });
  seeded = await resolveSeededParams(t, t.app.routeTable);
  detector = new WriteDetector(t.db);
}, 600_000);

afterAll(async () => {
  recordFigures('security', figures);
  await t?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const errorShape = z.strictObject({ errors: z.array(z.strictObject({ msg: z.string().min(1), path: z.string().optional() })).min(1) });
const protectedRoutes = () => t.app.routeTable.filter((route) => !route.public);
const realUrl = (route: RouteEntry) => fillUrl(route.url, seeded.byUrl.get(route.url) ?? {});

const bodies = new Map<RouteEntry, unknown>();

/** A body the route's schema accepts, so a route without its guard would act on it. */
function acceptableBody(route: RouteEntry): unknown {
  if (!bodies.has(route)) bodies.set(route, makeAcceptableBody(route));
  return bodies.get(route);
}

function makeAcceptableBody(route: RouteEntry): unknown {
  const validator = route.schema.body as z.ZodType | undefined;
  const schema = toJsonSchema(validator);
  if (!validator || !schema) return undefined;
  const samples = fc.sample(arbitraryFromSchema(schema, { realIds: [1, 2, 3] }), { numRuns: 40, seed: 7 });
  return samples.find((sample) => validator.safeParse(sample).success) ?? samples[0];
}

async function staffUserId() {
  return (await t.db.selectFrom('users').select('id').where('email_address', '=', TEST_STAFF_EMAIL).executeTakeFirstOrThrow()).id;
}

describe('tokens: every route refuses a bad one on real addresses with real bodies, and writes nothing', () => {
  it('refuses revoked, idle, too old, tampered, misplaced and mis-schemed tokens on every route', async () => {
    const userId = await staffUserId();
    const revoked = await createSession(t.db, userId);
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('token_hash', '=', hashToken(revoked))
      .execute();
    const idle = await createSession(t.db, userId);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '2 hours 1 minute'` })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    const old = await createSession(t.db, userId);
    await t.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '12 hours 1 minute'` })
      .where('token_hash', '=', hashToken(old))
      .execute();
    const live = t.auth.authorization.slice('Bearer '.length);
    const tampered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;

    const attempts: [string, Record<string, string>, string?][] = [
      ['revoked', { authorization: `Bearer ${revoked}` }],
      ['idle for over two hours', { authorization: `Bearer ${idle}` }],
      ['older than twelve hours', { authorization: `Bearer ${old}` }],
      ['tampered by one character', { authorization: `Bearer ${tampered}` }],
      ['lower-case scheme', { authorization: `bearer ${live}` }],
      ['two spaces', { authorization: `Bearer  ${live}` }],
      ['two tokens', { authorization: `Bearer ${live}, Bearer ${live}` }],
      ['basic auth with the staff password', { authorization: `Basic ${Buffer.from(`${TEST_STAFF_EMAIL}:${TEST_STAFF_PASSWORD}`).toString('base64')}` }],
      ['the hash stored in the database', { authorization: `Bearer ${hashToken(live)}` }],
      ['a cookie', { cookie: `token=${live}; session=${live}` }],
      ['the query string', {}, `access_token=${live}&token=${live}`],
      ['another header', { 'x-auth-token': live, 'x-access-token': live }],
    ];
    const before = await detector.contents();
    let requests = 0;
    for (const [label, headers, query] of attempts) {
      for (const route of protectedRoutes()) {
        const body = route.method === 'POST' || route.method === 'PUT' ? acceptableBody(route) : undefined;
        const url = `${realUrl(route)}${query ? `?${query}` : ''}`;
        const response = await t.app.inject({ method: route.method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
        requests += 1;
        expect(response.statusCode, `${label}: ${route.method} ${url}`).toBe(401);
        expect(errorShape.safeParse(response.json()).success).toBe(true);
      }
    }
    expect(WriteDetector.changedTables(before, await detector.contents())).toEqual([]);
    figures.badTokenRequests = requests;
    figures.badTokenKinds = attempts.length;
    figures.protectedRoutes = protectedRoutes().length;
  }, 600_000);

  it('still answers the same token after those attempts: a refusal does not lock the real user out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/server-info', headers: t.auth });
    expect(response.statusCode).toBe(200);
  });
});

describe('login brute force is throttled', () => {
  const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email_address: email, password } });
  const waitOf = (body: string) => Number(/Try again in (\d+) seconds/.exec(body)?.[1] ?? 0);

  it('blocks an address on an account after five wrong passwords, even with the right one, and waits longer each time', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push((await login(TEST_STAFF_EMAIL, `guess ${attempt}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    const right = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ errors: [{ msg: expect.stringMatching(/Too many failed logins. Try again in \d+ seconds/) }] });
    const firstWait = waitOf(right.body);
    // Let the block lapse, fail again: the next wait is longer.
    await t.db
      .updateTable('login_attempts')
      .set({ blocked_until: sql`now() - interval '1 second'` })
      .execute();
    expect((await login(TEST_STAFF_EMAIL, 'still wrong')).statusCode).toBe(401);
    const next = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD);
    expect(next.statusCode).toBe(429);
    expect(waitOf(next.body)).toBeGreaterThan(firstWait);
    figures.loginBlockedAfterFailures = 5;
    figures.loginWaitsSeconds = `${firstWait} then ${waitOf(next.body)}`;
  });

  it('does not let those failures lock the real user out from another address', async () => {
    const response = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '198.51.100.20');
    expect(response.statusCode).toBe(200);
  });

  it('blocks an address that tries many accounts', async () => {
    const address = '192.0.2.99';
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await login(`someone${attempt}@example.test`, 'password', address)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('lets the right password in once the block has passed, and a success forgives the address', async () => {
    await t.db
      .updateTable('login_attempts')
      .set({ blocked_until: sql`now() - interval '1 second'` })
      .execute();
    const response = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD);
    expect(response.statusCode).toBe(200);
    const keys = await t.db.selectFrom('login_attempts').select('key').where('key', 'like', '%203.0.113.7%').execute();
    expect(keys).toEqual([]);
  });
});

// Classic injection strings: quotes that end a literal, tautologies, stacked statements, comments,
// UNION probes, LIKE wildcards, casts, time delays and characters PostgreSQL refuses in text.
const INJECTIONS = [
  "'",
  '"',
  '\\',
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "1' OR '1'='1' /*",
  '1 OR 1=1',
  "'; DROP TABLE bookings; --",
  '1; DELETE FROM tours; --',
  "' UNION SELECT email_address, password_hash FROM users --",
  "' UNION SELECT NULL, version() --",
  "' AND 1=CAST((SELECT password_hash FROM users LIMIT 1) AS int) --",
  "'; SELECT pg_sleep(5); --",
  '1) OR (1=1',
  '$$; DROP TABLE tours; $$',
  '%',
  '_',
  '%_%',
  '*',
  ':*',
  '!',
  '& | !',
  "admin'--",
  '\u0000',
  "a'\u0000--",
  'id; --',
  'name DESC; DROP TABLE tours',
];
const TAUTOLOGIES = new Set(["' OR '1'='1", "' OR 1=1 --", '" OR ""="', "1' OR '1'='1' /*", '1 OR 1=1', '1) OR (1=1']);
const SQL_LEAK = new RegExp(
  [
    'syntax error',
    'unterminated',
    'SQLSTATE',
    'pg_catalog',
    'relation "',
    'column "',
    'invalid input syntax',
    String.raw`at character \d`,
    'password_hash',
    String.raw`\$2[aby]\$`,
    String.raw`\$argon2`,
    'node_modules',
    String.raw`\.ts:\d+`,
  ].join('|'),
  'i',
);

const listCount = (body: unknown) =>
  Array.isArray(body) ? body.length : typeof body === 'object' && body && 'total' in body ? Number((body as { total: number }).total) : null;

describe('SQL injection in every filter and search parameter of the list routes', () => {
  it('changes nothing, leaks nothing and never answers 5xx', async () => {
    const lists = t.app.routeTable.filter((route) => route.method === 'GET' && toJsonSchema(route.schema.querystring)?.properties);
    expect(lists.length).toBeGreaterThan(5);
    const before = await detector.contents();
    let requests = 0;
    const parameters: string[] = [];
    for (const route of lists) {
      const base = realUrl(route);
      for (const name of Object.keys(toJsonSchema(route.schema.querystring)!.properties!)) {
        parameters.push(`${route.url}?${name}`);
        for (const injection of INJECTIONS) {
          const url = `${base}?${new URLSearchParams({ [name]: injection }).toString()}`;
          const response = await t.app.inject({ method: 'GET', url, headers: t.auth });
          requests += 1;
          const what = `GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          expect(response.body, what).not.toMatch(SQL_LEAK);
          if (response.statusCode >= 300) {
            expect(errorShape.safeParse(response.json()).success, what).toBe(true);
            continue;
          }
          if (!TAUTOLOGIES.has(injection)) continue;
          // A tautology that reached SQL would match every row. Read as text it finds no more than its
          // bare words do (`' OR '1'='1` -> `OR 1 1`): a prefix search may match "Orchards" for both.
          const words = injection.replace(/[^A-Za-z0-9]+/g, ' ').trim();
          const plain = await t.app.inject({ method: 'GET', url: `${base}?${new URLSearchParams({ [name]: words }).toString()}`, headers: t.auth });
          const found = listCount(response.json());
          const plainFound = plain.statusCode === 200 ? listCount(plain.json()) : null;
          if (found !== null && plainFound !== null) expect(found, what).toBeLessThanOrEqual(plainFound);
        }
      }
    }
    expect(WriteDetector.changedTables(before, await detector.contents())).toEqual([]);
    figures.sqlInjectionRequests = requests;
    figures.sqlInjectionParameters = parameters.length;
    figures.sqlInjectionStrings = INJECTIONS.length;
  }, 600_000);
});

describe('security headers', () => {
  const expectCommonHeaders = (headers: Record<string, unknown>, where: string) => {
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['x-frame-options'], where).toBe('DENY');
    expect(headers['x-powered-by'], where).toBeUndefined();
    expect(String(headers['content-security-policy']), where).toContain("frame-ancestors 'none'");
  };

  it('are on every kind of API answer: success, refusal, missing token, unknown call, and a body too large', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/server-info', headers: t.auth }),
      t.app.inject({ method: 'GET', url: '/api/v1/bookings?page=0', headers: t.auth }),
      t.app.inject({ method: 'GET', url: '/api/v1/bookings' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-call', headers: t.auth }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/notes',
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload: `{"x":"${'y'.repeat(3_000_000)}"}`,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 401, 404, 413]);
    for (const answer of answers) {
      expectCommonHeaders(answer.headers, `${answer.statusCode} ${answer.body.slice(0, 80)}`);
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on the app: its page, a deep link and a script; the policy allows scripts from the app alone', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'security-app-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({ db: t.db, config: t.config, staticDir });
    try {
      for (const url of ['/', '/tours/12/pricing', '/assets/app.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expectCommonHeaders(response.headers, url);
        const policy = Object.fromEntries(
          String(response.headers['content-security-policy'])
            .split(';')
            .map((part) => part.trim().split(/\s+/))
            .map(([name, ...values]) => [name, values]),
        );
        expect(policy['script-src'], url).toEqual(["'self'"]);
        expect(policy['object-src'], url).toEqual(["'none'"]);
        expect(policy['default-src'], url).toEqual(["'self'"]);
        expect(policy['base-uri'], url).toEqual(["'self'"]);
        expect(JSON.stringify(policy)).not.toContain('unsafe-eval');
        expect(response.headers['referrer-policy'], url).toBeDefined();
      }
      figures.securityHeaders = 'CSP (script-src self, frame-ancestors none), nosniff, X-Frame-Options DENY on app pages, assets and every API answer';
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

/** A multipart form with one file in the `upload` field. */
function uploadForm(fileName: string, bytes: Buffer, contentType: string) {
  const boundary = `----security${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads', () => {
  const uploadRoute = () => t.app.routeTable.find((route) => route.method === 'PUT' && route.url === '/api/v1/media');
  const upload = (fileName: string, bytes: Buffer, contentType = 'image/png') => {
    const form = uploadForm(fileName, bytes, contentType);
    return t.app.inject({ method: 'PUT', url: '/api/v1/media', headers: { ...t.auth, ...form.headers }, payload: form.payload });
  };
  const storedFiles = () => readdirSync(mediaDir, { recursive: true }).map(String);

  it('refuses files that are not pictures by their content, whatever they are called, and stores nothing', async (context) => {
    if (!uploadRoute()) return context.skip();
    const hostile: [string, Buffer, string][] = [
      ['photo.png', Buffer.from('<html><script>window.__xss=1</script></html>'), 'image/png'],
      ['photo.jpg', Buffer.from('<?php system($_GET["c"]); ?>'), 'image/jpeg'],
      ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>'), 'image/svg+xml'],
      ['polyglot.jpg', Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>window.__xss=1</script>')]), 'image/jpeg'],
      ['run.png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'application/octet-stream'],
      ['truncated.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'image/png'],
    ];
    const before = await detector.contents();
    for (const [name, bytes, type] of hostile) {
      const response = await upload(name, bytes, type);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(errorShape.safeParse(response.json()).success).toBe(true);
    }
    expect(WriteDetector.changedTables(before, await detector.contents())).toEqual([]);
    expect(storedFiles()).toEqual([]);
    figures.hostileUploadsRefused = hostile.length;
  });

  it('never lets a hostile file name reach the disk', async (context) => {
    if (!uploadRoute()) return context.skip();
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const names = [
      '../../../../tmp/escaped.png',
      '..\\..\\windows\\evil.png',
      '/etc/passwd.png',
      '<img src=x onerror=window.__xss=1>.png',
      'a%00.php.png',
      '.htaccess.png',
      'CON.png',
      `${'long'.repeat(200)}.png`,
    ];
    for (const name of names) {
      const response = await upload(name, png);
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode !== 201) continue;
      const [stored] = response.json<{ file_name?: string; url?: string }[]>();
      expect(JSON.stringify(stored)).not.toMatch(/file_name":"[^"]*(\/|\\|\.\.)/);
    }
    for (const file of storedFiles()) expect(file, file).toMatch(/^[0-9a-f]{32}(-[a-z0-9]+)?\.(png|jpg)$/);
    expect(readdirSync(tmpdir()).filter((file) => file === 'escaped.png')).toEqual([]);
    figures.hostileFileNamesTried = names.length;
  });
});
