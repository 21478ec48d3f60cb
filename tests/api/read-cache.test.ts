import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { hashToken } from '../../src/server/auth/sessions.js';
import { openDatabase } from '../../src/server/db/database.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import type { TourListItem } from '../../src/domain/tours/tour-list-schema.js';
import { withDatabase } from '../helpers/postgres-urls.js';
import { createTestApp, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { call, createTour } from '../helpers/tour-test-data.js';

// Cacheable reads (tour lists, seasons' prices, booking pages) are answered from memory until
// the next committed write. These tests hold the cache to never answering what is no longer stored.

let t: TestApp;
let tour: Tour;
beforeAll(async () => {
  t = await createTestApp();
  tour = await createTour(t, { name: 'Danube Cycle Path', tour_code: 'DCP' });
});
afterAll(() => t.close());

const getTours = (headers: Record<string, string> = t.auth) => t.app.inject({ method: 'GET', url: '/api/v1/tours/all', headers });
const nameOf = async (headers: Record<string, string> = t.auth) => (await getTours(headers)).json<TourListItem[]>().find((item) => item.id === tour.id)?.name;

describe('the read cache', () => {
  it('answers a repeated read from memory, with the same body', async () => {
    const first = await getTours();
    const second = await getTours();
    expect(first.headers['x-read-cache']).toBeUndefined();
    expect(second.headers['x-read-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['cache-control']).toBe('no-store');
  });

  it('answers a repeated reference list, paged and searched, from memory (its reads are not counted as writes)', async () => {
    for (const url of ['/api/v1/bikes', '/api/v1/seasons?q=a&page=1&per_page=5', '/api/v1/currencies']) {
      const first = await t.app.inject({ method: 'GET', url, headers: t.auth });
      const second = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(first.statusCode, url).toBe(200);
      expect(second.headers['x-read-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
    }
  });

  it('reads from the database when the request asks for no-cache, and keeps that answer', async () => {
    await getTours();
    const fresh = await getTours({ ...t.auth, 'cache-control': 'no-cache' });
    expect(fresh.headers['x-read-cache']).toBeUndefined();
    expect((await getTours()).headers['x-read-cache']).toBe('hit');
  });

  it('answers the stored data after a save through the API', async () => {
    await getTours();
    const saved = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, name: 'Danube Cycle Path East' });
    expect(saved.statusCode).toBe(200);
    tour = saved.json<Tour>();
    expect(await nameOf()).toBe('Danube Cycle Path East');
  });

  it('answers the stored data after a write made straight to the database, in or out of a transaction', async () => {
    await getTours();
    await t.db.updateTable('tours').set({ name: 'Straight write' }).where('id', '=', tour.id).execute();
    expect(await nameOf()).toBe('Straight write');
    await getTours();
    await t.db.transaction().execute((trx) => trx.updateTable('tours').set({ name: 'In a transaction' }).where('id', '=', tour.id).execute());
    expect(await nameOf()).toBe('In a transaction');
  });

  it('keeps its answers across a transaction that rolled back', async () => {
    await getTours();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('tours').set({ name: 'Never stored' }).where('id', '=', tour.id).execute();
        throw new Error('give up');
      })
      .catch(() => undefined);
    const after = await getTours();
    expect(after.headers['x-read-cache']).toBe('hit');
    expect(after.json<TourListItem[]>().find((item) => item.id === tour.id)?.name).toBe('In a transaction');
  });

  it('never answers a request without a valid token, even from memory', async () => {
    await getTours();
    expect((await getTours({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tours/all' })).statusCode).toBe(401);
  });

  it('refuses a token at once after its logout, though its session was just used', async () => {
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address: TEST_STAFF_EMAIL, password: TEST_STAFF_PASSWORD } })
    ).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    expect((await getTours(headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
    expect((await getTours(headers)).statusCode).toBe(401);
  });

  it('refuses a token whose session expired while it was remembered', async () => {
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address: TEST_STAFF_EMAIL, password: TEST_STAFF_PASSWORD } })
    ).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    expect((await getTours(headers)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '13 hours'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await getTours(headers)).statusCode).toBe(401);
  });

  it('keeps sessions cached across writes that cannot touch a login, and drops them at one that can', async () => {
    const changes = t.database.changes;
    const before = { all: changes.generation, auth: changes.authGeneration };
    const current = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
    expect((await call(t, 'PUT', `tours/${tour.id}`, { version: current.version, name: 'No login here' })).statusCode).toBe(200);
    expect(changes.generation).toBeGreaterThan(before.all);
    expect(changes.authGeneration).toBe(before.auth);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', -1)
      .execute();
    expect(changes.authGeneration).toBeGreaterThan(before.auth);
  });

  it('keeps sessions cached across a write that only reads the users table (writes are told by what they write, not by their text)', async () => {
    const changes = t.database.changes;
    const before = { all: changes.generation, auth: changes.authGeneration };
    await t.db
      .updateTable('tours')
      .set({ name: 'Renamed by a user' })
      .where('id', '=', tour.id)
      .where('id', 'not in', t.db.selectFrom('users').select('id').where('id', '=', -1))
      .execute();
    expect(changes.generation).toBeGreaterThan(before.all);
    expect(changes.authGeneration).toBe(before.auth);
    expect(await nameOf()).toBe('Renamed by a user');
  });

  it('caches only the routes marked cacheable', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/notes', headers: t.auth });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notes', headers: t.auth })).headers['x-read-cache']).toBeUndefined();
  });

  it('answers a write through one server in the very next read through another (200 alternations, none stale)', async () => {
    const template = inject('databaseTemplate');
    // On PostgreSQL a second server with its own connections and its own LISTEN, as behind a load
    // balancer; the embedded database has one process only, so there both servers share its counter.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const other = template.kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: withDatabase(template.url, rows[0].name) }) : null;
    const otherDatabase = other ?? t.database;
    const otherApp = await buildApp({ db: otherDatabase.db, changes: otherDatabase.changes, config: t.config });
    try {
      await expect.poll(() => otherDatabase.changes.complete).toBe(true);
      const readThere = async () => {
        const response = await otherApp.inject({ method: 'GET', url: '/api/v1/tours/all', headers: t.auth });
        return { name: response.json<TourListItem[]>().find((item) => item.id === tour.id)?.name, hit: response.headers['x-read-cache'] === 'hit' };
      };
      const stale: string[] = [];
      let hits = 0;
      for (let round = 0; round < 200; round += 1) {
        const current = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
        const name = `Alternation ${round}`;
        expect((await call(t, 'PUT', `tours/${tour.id}`, { version: current.version, name })).statusCode).toBe(200);
        const read = await readThere();
        if (read.name !== name) stale.push(`${name}: read ${read.name}`);
        // The second read of the same data is answered from memory: the cache is in play.
        if ((await readThere()).hit) hits += 1;
      }
      expect(stale).toEqual([]);
      expect(hits).toBe(200);
    } finally {
      await otherApp.close();
      await other?.close();
    }
  });

  it('hears the writes of another server process on a shared PostgreSQL (the embedded database has no other writer)', async () => {
    const template = inject('databaseTemplate');
    if (template.kind === 'embedded') {
      expect(t.database.kind).toBe('embedded');
      expect(t.database.changes.complete).toBe(true);
      return;
    }
    // A second server on the same database, as behind a load balancer.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const other = await openDatabase({ kind: 'postgres', url: withDatabase(template.url, rows[0].name) });
    const otherApp = await buildApp({ db: other.db, changes: other.changes, config: t.config });
    try {
      await expect.poll(() => other.changes.complete).toBe(true);
      const readThere = async () =>
        (await otherApp.inject({ method: 'GET', url: '/api/v1/tours/all', headers: t.auth })).json<TourListItem[]>().find((item) => item.id === tour.id)?.name;
      await readThere();
      expect((await otherApp.inject({ method: 'GET', url: '/api/v1/tours/all', headers: t.auth })).headers['x-read-cache']).toBe('hit');
      const current = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
      expect((await call(t, 'PUT', `tours/${tour.id}`, { version: current.version, name: 'Saved elsewhere' })).statusCode).toBe(200);
      await expect.poll(readThere, { timeout: 5000 }).toBe('Saved elsewhere');
      // A logout on one server is a logout on all of them, though the other remembered the session.
      const { token } = (
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address: TEST_STAFF_EMAIL, password: TEST_STAFF_PASSWORD } })
      ).json<{ token: string }>();
      const headers = { authorization: `Bearer ${token}` };
      expect((await otherApp.inject({ method: 'GET', url: '/api/v1/tours/all', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
      await expect.poll(async () => (await otherApp.inject({ method: 'GET', url: '/api/v1/tours/all', headers })).statusCode, { timeout: 5000 }).toBe(401);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
