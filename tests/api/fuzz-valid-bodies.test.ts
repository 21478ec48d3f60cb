import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { expectCall } from '../helpers/content-test-data.js';
import { ROUTE_BODY_BUILDERS } from '../helpers/route-body-builders.js';
import { fillUrl, resolveSeededParams } from '../helpers/seeded-route-params.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { routeKey, ValidRequestBodies, type RequestBody } from '../helpers/valid-request-bodies.js';

// The fuzz test (fuzz-routes.test.ts) sends each route's valid body as it is and requires a 2xx,
// whatever its earlier requests stored. These are states its earlier requests can reach, set up
// directly, so the valid bodies are proved fresh in them without waiting for a seed that reaches them.

let t: TestApp;
let bodies: ValidRequestBodies;

const routeOf = (key: string): RouteEntry => {
  const route = t.app.routeTable.find((entry) => routeKey(entry) === key);
  if (!route) throw new Error(`No route ${key}`);
  return route;
};

const seededUrl = async (pattern: string) => fillUrl(pattern, (await resolveSeededParams(t, t.app.routeTable, [pattern])).byUrl.get(pattern) ?? {});

const send = async (route: RouteEntry, url: string, body: RequestBody) => {
  const payload = body.kind === 'none' ? undefined : JSON.stringify(body.value);
  const headers = { ...t.auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await t.app.inject({ method: route.method as 'PUT', url, headers, payload });
  return { status: response.statusCode, answer: response.body };
};

/** Finds (and proves) each route's valid body, as the fuzz test does before it fuzzes. */
async function discoverAll(keys: string[]) {
  for (const key of keys) {
    const route = routeOf(key);
    const url = await seededUrl(route.url);
    const discovery = await bodies.discover(route, url, (body) => send(route, url, body));
    expect(discovery.recipe, `${key}: ${JSON.stringify(discovery.attempts)}`).not.toBeNull();
  }
}

/** Each route's valid body, made now for its seeded address and sent twice: the refusals. */
async function refusalsOfValidBodies(keys: string[]) {
  const refused: string[] = [];
  for (const key of keys)
    for (const attempt of [1, 2]) {
      const route = routeOf(key);
      const url = await seededUrl(route.url);
      const body = await bodies.build(route, url);
      const { status, answer } = body ? await send(route, url, body) : { status: 0, answer: 'no valid body could be made' };
      if (status >= 300) refused.push(`${key} (attempt ${attempt}): ${status} ${answer.slice(0, 200)}`);
    }
  return refused;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { scale: 'demo' });
  bodies = new ValidRequestBodies(t, { builders: ROUTE_BODY_BUILDERS, realIds: () => [1, 2, 3, 4, 5], fill: seededUrl });
}, 300_000);
afterAll(() => t.close());

describe('a valid body of the fuzz test, made after earlier requests changed what it reads', () => {
  it('is accepted when another record took the edited one’s id as its slug (GET pages/1 then answers that one)', async () => {
    const keys = ['PUT /pages/:id', 'PUT /pages/:id/blocks', 'PUT /blog-posts/:id'];
    await discoverAll(keys);
    // Creates the fuzz can send (a generated slug is often one digit): the slug is the edited record's id.
    for (const collection of ['pages', 'blog-posts']) {
      const id = /\/(\d+)$/.exec(await seededUrl(`/api/v1/${collection}/:id`))![1];
      await expectCall(t, 'POST', collection, { title: `Slug ${id}`, slug: id }, 201);
    }
    expect(await refusalsOfValidBodies(keys)).toEqual([]);
  });

  it('adds a variation to an extra an accepted save left without variations (a row needs a gross)', async () => {
    const keys = ['POST /tour-extras/:tourId/:seasonId/party/:extraId', 'POST /tour-extras/:tourId/:seasonId/room/:extraId'];
    await discoverAll(keys);
    for (const kind of ['party', 'room']) {
      const address = (await seededUrl(`/api/v1/tour-extras/:tourId/:seasonId/${kind}/:extraId`)).slice('/api/v1/'.length);
      const { extra, version } = await expectCall<{ extra: Record<string, unknown>; version: number }>(t, 'GET', address, undefined, 200);
      const { id: _id, tour_season_id: _season, ...fields } = extra;
      await expectCall(t, 'PUT', address, { ...fields, variations: [], version }, 200);
    }
    expect(await refusalsOfValidBodies(keys)).toEqual([]);
  });
});
