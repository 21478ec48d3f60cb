import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streamEventSchema, type StreamEvent } from '../../src/domain/contract/presence.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { eventStreamParser } from '../../src/api/event-stream-parser.js';
import { buildApp } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { STREAMS_PER_USER } from '../../src/server/routes/presence-routes.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import type { PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Presence and change notices (issue 29) over real HTTP: Fastify's inject waits for the whole
// answer, and a stream never ends, so the server listens on a port of its own and the streams
// are read with fetch, as the browser reads them.

const ANNA = 'anna@presence.test';
const BEN = 'ben@presence.test';
const WITHIN = { timeout: 2000, interval: 50 };

let t: TestApp;
let f: PricingFixture;
let base: string;
const auth: Record<string, { authorization: string }> = {};

async function loginAs(email: string) {
  const userId = await upsertStaffUser(t.db, email, 'correct horse battery staple');
  return { authorization: `Bearer ${await createSession(t.db, userId)}` };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createPricedFixture(t);
  auth.anna = await loginAs(ANNA);
  auth.ben = await loginAs(BEN);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});
// Node's fetch keeps spare connections open for a while; the server would wait for them (the shutdown's own test uses a server of its own).
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const opened: Stream[] = [];
// A failed test leaves no stream behind to confuse the next one's counts.
afterEach(async () => {
  for (const stream of opened.splice(0)) stream.close();
  await expect.poll(presenceRows, WITHIN).toBe(0);
});

type Stream = { status: number; events: StreamEvent[]; closed: () => boolean; close: () => void };

/** Opens a presence stream and keeps every event it sends, parsed by the client's own parser. */
async function openStream(path: string, headers: Record<string, string>, server = base): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${server}${path}`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const feed = eventStreamParser(({ data }) => events.push(streamEventSchema.parse(JSON.parse(data))));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) feed(chunk.value);
      } catch {
        // Aborted by close().
      }
      ended = true;
    })();
  } else ended = true;
  const stream = { status: response.status, events, closed: () => ended, close: () => controller.abort() };
  opened.push(stream);
  return stream;
}

const seasonPath = () => `/presence/seasons/${f.tourId}/${f.seasonId}`;
const lastPresence = (stream: Stream) => stream.events.findLast((event) => event.type === 'presence')?.others;
const changes = (stream: Stream) => stream.events.filter((event) => event.type === 'change');
const presenceRows = async () => (await t.db.selectFrom('stream_presence').select(['user_id', 'place']).execute()).length;

/** Adds `bump` to the gross of the prices at these places of the season, as `who`. */
async function saveGrossChanges(who: { authorization: string }, places: number[], bump: number) {
  const read = await fetch(`${base}/tour-pricing/${f.tourId}/${f.seasonId}`, { headers: who });
  const pricing = (await read.json()) as SeasonPricing;
  const body = {
    version: pricing.tour_season.version,
    categories: pricing.categories.map((category) => ({
      ...category,
      prices: category.prices.map(({ net: _net, cost: _cost, ...price }, index) => (places.includes(index) ? { ...price, gross: price.gross + bump } : price)),
    })),
  };
  const saved = await fetch(`${base}/tour-pricing/${f.tourId}/${f.seasonId}`, {
    method: 'PUT',
    headers: { ...who, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(saved.status).toBe(200);
}

describe('who else has the season open', () => {
  it('tells two staff members of each other within 2 s of arriving and leaving, and forgets a closed stream', async () => {
    const anna = await openStream(seasonPath(), auth.anna);
    expect(anna.status).toBe(200);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([]);

    const ben = await openStream(seasonPath(), auth.ben);
    await expect.poll(() => lastPresence(ben), WITHIN).toEqual([ANNA]);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([BEN]);

    ben.close();
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([]);
    expect(await presenceRows()).toBe(1);
    anna.close();
    await expect.poll(presenceRows, WITHIN).toBe(0);
  });

  it('keeps each season to itself: a stream on another season or on /pgt does not show here', async () => {
    const anna = await openStream(seasonPath(), auth.anna);
    const ben = await openStream(`/presence/pgt/${f.seasonId}`, auth.ben);
    await expect.poll(() => lastPresence(ben), WITHIN).toEqual([]);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([]);
    const benToo = await openStream(`/presence/pgt/${f.seasonId}`, auth.anna);
    await expect.poll(() => lastPresence(ben), WITHIN).toEqual([ANNA]);
    for (const stream of [anna, ben, benToo]) stream.close();
    await expect.poll(presenceRows, WITHIN).toBe(0);
  });
});

describe('the change notice', () => {
  it('sends the others a save within 2 s, naming who saved and how many rows, and not the one who saved', async () => {
    const anna = await openStream(seasonPath(), auth.anna);
    const ben = await openStream(seasonPath(), auth.ben);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([BEN]);

    // Prices 1 and 2: no formula refers to them (price 3's `[0]+25` would make price 0 a change of two rows).
    await saveGrossChanges(auth.ben, [1, 2], 10);
    await expect
      .poll(() => changes(anna), WITHIN)
      .toEqual([expect.objectContaining({ type: 'change', author: BEN, rows: 2, source: 'pricing', kinds: ['price'] })]);

    // Anna saves after Ben: Ben hears of hers, and so has read past his own, which he never hears of.
    await saveGrossChanges(auth.anna, [1], 5);
    await expect.poll(() => changes(ben), WITHIN).toEqual([expect.objectContaining({ author: ANNA, rows: 1 })]);
    expect(changes(anna)).toHaveLength(1);
    anna.close();
    ben.close();
    await expect.poll(presenceRows, WITHIN).toBe(0);
  });
  it('announces a save whose change set committed after one with a higher id was announced', async () => {
    const anna = await openStream(seasonPath(), auth.anna);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([]);
    // A long save takes its change set id first and commits last: its id is below Ben's.
    const { rows } = await sql<{ id: string }>`SELECT nextval('price_change_sets_id_seq') AS id`.execute(t.db);
    const lateId = Number(rows[0].id);
    await saveGrossChanges(auth.ben, [1], 3);
    await expect.poll(() => changes(anna), WITHIN).toEqual([expect.objectContaining({ author: BEN })]);
    const benUser = await t.db.selectFrom('users').select('id').where('email_address', '=', BEN).executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('price_change_sets')
        .values({ id: lateId, user_id: benUser.id, source: 'rates', row_count: 1, cost_change: 0, rates_change: 'null' })
        .execute();
      await trx
        .insertInto('price_changes')
        .values({ change_set_id: lateId, tour_season_id: f.tourSeasonId, kind: 'price', row_id: 1, before: 'null', after: 'null' })
        .execute();
    });
    await expect.poll(() => changes(anna).map((event) => event.type === 'change' && event.change_set_id), WITHIN).toEqual([expect.any(Number), lateId]);
    anna.close();
    await expect.poll(presenceRows, WITHIN).toBe(0);
  });
});

describe('the stream is guarded and bounded', () => {
  it('answers 401 without a token, and with the token in the address instead of the header', async () => {
    const token = auth.anna.authorization.slice('Bearer '.length);
    for (const attempt of [await openStream(seasonPath(), {}), await openStream(`${seasonPath()}?access_token=${token}`, {})]) {
      expect(attempt.status).toBe(401);
    }
    expect(await presenceRows()).toBe(0);
  });

  it('answers 404 for a season the tour does not have', async () => {
    expect((await openStream(`/presence/seasons/${f.tourId}/999999`, auth.anna)).status).toBe(404);
  });

  it(`answers 429 to a staff member's stream beyond ${STREAMS_PER_USER}`, async () => {
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openStream(seasonPath(), auth.anna)));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const over = await openStream(seasonPath(), auth.anna);
    expect(over.status).toBe(429);
    // Another staff member is not held back by hers.
    const ben = await openStream(seasonPath(), auth.ben);
    expect(ben.status).toBe(200);
    for (const stream of [...streams, ben]) stream.close();
    await expect.poll(presenceRows, WITHIN).toBe(0);
  });
});

/** A second server on the same database, as a second process behind a load balancer would be: nothing shared but the database. */
async function secondServer() {
  const app = await buildApp({ db: t.db, changes: t.database.changes, config: t.config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1` };
}

describe('several servers', () => {
  it('show each other’s streams and saves, as the database holds them', async () => {
    const second = await secondServer();
    try {
      const anna = await openStream(seasonPath(), auth.anna);
      const ben = await openStream(seasonPath(), auth.ben, second.base);
      await expect.poll(() => lastPresence(anna), WITHIN).toEqual([BEN]);
      await expect.poll(() => lastPresence(ben), WITHIN).toEqual([ANNA]);
      await saveGrossChanges(auth.anna, [2], 1);
      await expect.poll(() => changes(ben), WITHIN).toEqual([expect.objectContaining({ author: ANNA, rows: 1 })]);
    } finally {
      second.app.server.closeAllConnections();
      await second.app.close();
    }
  });
});

describe('a server shutting down', () => {
  it('ends every open stream and deletes its row, without waiting for the tabs', async () => {
    // A server of its own: the close is timed without other tests' connections.
    const { app, base: own } = await secondServer();
    const anna = await openStream(seasonPath(), auth.anna, own);
    await expect.poll(() => lastPresence(anna), WITHIN).toEqual([]);
    expect(await presenceRows()).toBe(1);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(anna.closed, WITHIN).toBe(true);
    expect(await presenceRows()).toBe(0);
  });
});
