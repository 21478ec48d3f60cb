import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { fuzzActorAuth, keepFuzzSessionLive } from '../helpers/fuzz-staff-accounts.js';
import { applyMutation, mutationArbitrary, type Mutation } from '../helpers/json-mutations.js';
import { fuzzSeed, routeSeed } from '../helpers/fuzz-seed.js';
import { addMediaRow, makeImage } from '../helpers/media-test-data.js';
import { recordFigures, reportMode } from '../helpers/report-figures.js';
import { multipartFromDescription, PUTS_WITHOUT_VERSION, ROUTE_BODY_BUILDERS, ROUTES_WITHOUT_VALID_BODY } from '../helpers/route-body-builders.js';
import { arbitraryFromSchema, toJsonSchema, type JsonSchema } from '../helpers/schema-arbitrary.js';
import { fillUrl, paramNames, resolveSeededParams, type ResolvedParams, type RouteParams } from '../helpers/seeded-route-params.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { routeKey, ValidRequestBodies, type Discovery, type RequestBody } from '../helpers/valid-request-bodies.js';
import { WriteDetector, type WriteMark } from '../helpers/write-detector.js';

// 250 requests in `npm test` (a smoke run); the stress run sets FUZZ_RUNS to 10,000 (4,000 with STRESS_COUNTS=ci).
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 250);
// Every random choice of the run comes from this seed: a failing run names it, and FUZZ_SEED=<it> reruns it request for request.
const SEED = fuzzSeed(process.env, reportMode() === 'stress');
console.log(`Fuzz run with FUZZ_SEED=${SEED} (FUZZ_RUNS=${FUZZ_RUNS}); set both to run it again.`);

// Publishing POSTs to a build service; a stand-in on loopback answers so /publish can succeed.
const buildService: Server = createServer((_request, response) => response.writeHead(204).end());
await new Promise<void>((done) => buildService.listen(0, '127.0.0.1', done));
// Uploads are accepted too: their files go to a folder of the run's own. Publishes are not spaced
// out here (tests/api/publish.test.ts checks that): the fuzz run sends several in a second.
const mediaDir = mkdtempSync(path.join(tmpdir(), 'fuzz-media-'));
const t: TestApp = await createTestApp({
  publishDispatchUrl: `http://127.0.0.1:${(buildService.address() as AddressInfo).port}/dispatch`,
  mediaDir,
  publishIntervalMs: 0,
});

// Every POST and PUT the server has, read from its own route table: a route added later is fuzzed too.
const writeRoutes = t.app.routeTable.filter((route) => route.method === 'POST' || route.method === 'PUT');
const runsPerRoute = Math.max(1, Math.ceil(FUZZ_RUNS / writeRoutes.length));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a body schema requires the version read: `version`, or `model.version` for a body that
 * wraps its record (`PUT models/...`); null when it does not require one.
 */
function versionPath(schema: JsonSchema | null): string[] | null {
  if (schema?.required?.includes('version')) return ['version'];
  const wrapper = Object.entries(schema?.properties ?? {}).find(
    ([name, property]) => schema?.required?.includes(name) && property.required?.includes('version'),
  );
  return wrapper ? [wrapper[0], 'version'] : null;
}

const errorShape = z.strictObject({ errors: z.array(z.strictObject({ msg: z.string().min(1), path: z.string().optional() })).min(1) });

/** One route's share of the run. `requests` and `accepted` count the fuzz's own requests, not the search for a valid body. */
type RouteTally = {
  route: string;
  validBase: string | null;
  validBaseTries: number;
  requests: number;
  accepted: number;
  rejected: number;
  baseUnavailable: number;
};

const stats = {
  requests: 0,
  accepted: 0,
  rejected: 0,
  fiveXX: 0,
  validBaseRequests: 0,
  versionCheckRequests: 0,
  tableChecks: 0,
  byStatus: {} as Record<string, number>,
};
const tallies = new Map<string, RouteTally>();
const tallyOf = (route: RouteEntry): RouteTally => {
  const key = routeKey(route);
  if (!tallies.has(key)) tallies.set(key, { route: key, validBase: null, validBaseTries: 0, requests: 0, accepted: 0, rejected: 0, baseUnavailable: 0 });
  return tallies.get(key)!;
};
let seeded: ResolvedParams;
let realIds: number[];
let detector: WriteDetector;
let image: Buffer;
/** Where the database stood after the last accepted request; null when it must be marked again. */
let baseline: WriteMark | null = null;

/**
 * A route's address with parameters naming rows that exist now: found again before each request,
 * as a client reads before it writes, since an earlier accepted request may have removed or
 * renamed the row, or used it up (a change set once rolled back cannot be rolled back again).
 */
async function seededUrl(pattern: string): Promise<string> {
  // Resolving may write (a row given to an empty table, a change set made to roll back).
  const resolved = await markAgainIfWritten(() => resolveSeededParams(t, t.app.routeTable, [pattern]));
  return fillUrl(pattern, resolved.byUrl.get(pattern) ?? {});
}

/**
 * Runs the fuzz's own preparation of a request; when it wrote, the contents are read again (a new
 * mark) before the next request, so that its writes are never blamed on a refused request.
 */
async function markAgainIfWritten<T>(prepare: () => Promise<T>): Promise<T> {
  const before = await detector.nextTransactionId();
  const result = await prepare();
  if ((await detector.nextTransactionId()) !== before) baseline = null;
  return result;
}

// Making a body may write too (a roll-over's body makes the season it rolls into).
const bodies = new ValidRequestBodies(t, { builders: ROUTE_BODY_BUILDERS, realIds: () => realIds, fill: seededUrl, prepare: markAgainIfWritten });

beforeAll(async () => {
  await seedDemoData(t.db, { scale: 'demo' });
  // The demo data has no image; `PUT media/:id` needs one (uploads are fuzzed as a route of their own).
  await addMediaRow(t.db, 'Fuzz test image');
  seeded = await resolveSeededParams(
    t,
    t.app.routeTable,
    writeRoutes.map((route) => route.url),
  );
  const ids = [...seeded.byUrl.values()].flatMap((params) => Object.values(params).map(Number));
  realIds = [...new Set([...ids.filter((id) => Number.isInteger(id) && id > 0), 1, 2, 3, 4, 5])];
  detector = new WriteDetector(t.db);
  image = await makeImage('png', 8, 8);
}, 600_000);

afterAll(async () => {
  const byRoute = writeRoutes.map((route) => tallies.get(routeKey(route))).filter((tally) => tally !== undefined);
  recordFigures('fuzz', {
    seed: SEED,
    runsAsked: FUZZ_RUNS,
    routes: writeRoutes.length,
    requests: stats.requests,
    accepted: stats.accepted,
    rejected: stats.rejected,
    fiveXX: stats.fiveXX,
    validBaseRequests: stats.validBaseRequests,
    versionCheckRequests: stats.versionCheckRequests,
    tableChecksAfterACommit: stats.tableChecks,
    unresolvedParams: seeded?.unresolved.join(', ') || 'none',
    routesWithoutValidBase: byRoute.filter((tally) => !tally.validBase).map((tally) => tally.route),
    routesWithoutAcceptedRequest: byRoute.filter((tally) => tally.requests && !tally.accepted).map((tally) => tally.route),
    byStatus: Object.entries(stats.byStatus)
      .sort()
      .map(([status, count]) => ({ status, count })),
    byRoute,
  });
  await t.close();
  await new Promise((done) => buildService.close(done));
  rmSync(mediaDir, { recursive: true, force: true });
});

/** What one fuzz request sends, before the base body it mutates is known. */
type Plan = {
  params: RouteParams | 'seeded';
  body: { from: 'schema'; value: unknown } | { from: 'mutation'; mutation: Mutation } | { from: 'valid' } | { from: 'none' };
  encoding: 'json' | 'truncated-json' | 'form' | 'text';
};

/** Each route's first request is its valid body as it is: every route is seen accepting something. */
const VALID_PLAN: Plan = { params: 'seeded', body: { from: 'valid' }, encoding: 'json' };

const junkParam = fc.constantFrom('0', '-1', '2147483648', '99999999', 'abc', '1.5', '1e3', ' 1', "1' OR '1'='1", '%00', '..%2F..', 'x'.repeat(300));

function planArbitrary(route: RouteEntry): fc.Arbitrary<Plan> {
  const schema = toJsonSchema(route.schema.body) ?? {};
  const names = paramNames(route.url);
  const params: fc.Arbitrary<Plan['params']> = names.length
    ? fc.oneof(
        { weight: 9, arbitrary: fc.constant('seeded' as const) },
        { weight: 1, arbitrary: fc.record(Object.fromEntries(names.map((name) => [name, junkParam]))) },
      )
    : fc.constant('seeded' as const);
  const body: fc.Arbitrary<Plan['body']> = fc.oneof(
    { weight: 4, arbitrary: arbitraryFromSchema(schema, { realIds }).map((value) => ({ from: 'schema' as const, value })) },
    { weight: 5, arbitrary: mutationArbitrary.map((mutation) => ({ from: 'mutation' as const, mutation })) },
    { weight: 1, arbitrary: fc.constant({ from: 'valid' as const }) },
    { weight: 1, arbitrary: fc.constant({ from: 'none' as const }) },
  );
  const encoding = fc.oneof(
    { weight: 17, arbitrary: fc.constant('json' as const) },
    { weight: 1, arbitrary: fc.constantFrom('truncated-json' as const, 'form' as const, 'text' as const) },
  );
  return fc.record({ params, body, encoding });
}

/** The body a plan sends: generated, none, or the route's valid body, made now for the address, as it is or mutated. */
async function bodyFor(route: RouteEntry, url: string, plan: Plan['body'], tally: RouteTally): Promise<RequestBody> {
  if (plan.from === 'schema') return { kind: 'json', value: plan.value };
  if (plan.from === 'none') return { kind: 'none' };
  const base = await bodies.build(route, url);
  if (!base) tally.baseUnavailable += 1;
  const valid: RequestBody = base ?? { kind: 'json', value: {} };
  if (plan.from === 'valid') return valid;
  const mutated = applyMutation(valid.kind === 'none' ? {} : valid.value, plan.mutation);
  if (mutated === undefined) return { kind: 'none' };
  return { kind: valid.kind === 'form' ? 'form' : 'json', value: mutated };
}

function encode(body: RequestBody, encoding: Plan['encoding']): { payload?: string | Buffer; headers: Record<string, string> } {
  if (body.kind === 'none') return { headers: {} };
  if (body.kind === 'form' && (encoding === 'json' || encoding === 'truncated-json')) {
    const form = multipartFromDescription(body.value, image);
    return { payload: encoding === 'json' ? form.payload : form.payload.subarray(0, Math.floor(form.payload.length / 2)), headers: form.headers };
  }
  const json = JSON.stringify(body.value);
  if (encoding === 'truncated-json')
    return { payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))), headers: { 'content-type': 'application/json' } };
  if (encoding === 'form') return { payload: `data=${encodeURIComponent(json)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (encoding === 'text') return { payload: json, headers: { 'content-type': 'text/plain' } };
  return { payload: json, headers: { 'content-type': 'application/json' } };
}

/**
 * Sends one request and checks it: no 5xx, a refusal in the error shape, and a refusal changes
 * nothing (the tables are looked at only when a transaction committed meanwhile).
 */
async function exchange(
  route: RouteEntry,
  url: string,
  body: RequestBody,
  encoding: Plan['encoding'],
  tally: RouteTally,
  purpose: 'fuzz' | 'valid base' | 'version check',
) {
  const answer = await exchangeChecked(route, url, body, encoding, tally, purpose);
  // Staff routes can end the fuzz's own session (see keepFuzzSessionLive): it is made live again.
  if (route.url.includes('/staff/')) {
    await keepFuzzSessionLive(t);
    baseline = null;
  }
  return answer;
}

async function exchangeChecked(
  route: RouteEntry,
  url: string,
  body: RequestBody,
  encoding: Plan['encoding'],
  tally: RouteTally,
  purpose: 'fuzz' | 'valid base' | 'version check',
) {
  const { payload, headers } = encode(body, encoding);
  // Logging out revokes the token it is sent with: it gets a fresh session each time. Changing a
  // password ends the account's other sessions: it is sent by an account of its own.
  const auth = route.url.endsWith('/auth/logout')
    ? { authorization: `Bearer ${await createSession(t.db, (await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id)}` }
    : route.url.endsWith('/auth/change-password')
      ? await fuzzActorAuth(t)
      : t.auth;
  // Those two made a session (and an account) just now: the mark comes after.
  if (auth !== t.auth) baseline = null;
  baseline ??= await detector.mark();
  const response = await t.app.inject({ method: route.method as 'POST', url, headers: { ...auth, ...headers }, payload });
  const status = response.statusCode;
  const fuzz = purpose === 'fuzz';
  if (fuzz) {
    stats.requests += 1;
    tally.requests += 1;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  } else if (purpose === 'valid base') {
    stats.validBaseRequests += 1;
    tally.validBaseTries += 1;
  } else {
    stats.versionCheckRequests += 1;
  }

  const what = `${route.method} ${url} (${purpose}) answered ${status}: ${response.body.slice(0, 300)}`;
  if (status >= 500) stats.fiveXX += 1;
  expect(status, what).toBeLessThan(500);
  if (status < 300) {
    if (fuzz) {
      stats.accepted += 1;
      tally.accepted += 1;
    }
    baseline = null;
    return { status, answer: response.body };
  }
  if (fuzz) {
    stats.rejected += 1;
    tally.rejected += 1;
  }
  expect(errorShape.safeParse(response.json()).success, what).toBe(true);
  const changed = await detector.changedSince(baseline);
  if (changed.committed > 0) stats.tableChecks += 1;
  expect(changed.tables, `${what} changed the database`).toEqual([]);
  return { status, answer: response.body };
}

/** The route's valid body, looked for (by sending candidates) at the first call for the route. */
async function discover(route: RouteEntry, url: string): Promise<Discovery> {
  const tally = tallyOf(route);
  const discovery = await bodies.discover(route, url, (body) => exchange(route, url, body, 'json', tally, 'valid base'));
  tally.validBase = discovery.recipe?.source ?? null;
  return discovery;
}

describe(`fuzzing every POST and PUT route (${writeRoutes.length} routes, ${runsPerRoute} requests each, FUZZ_SEED=${SEED})`, () => {
  it('finds routes to fuzz, each with a schema or none on purpose', () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
  });

  it('finds, for every route but those listed with a reason, a body the route accepts (2xx), so its mutations start from a valid body', async () => {
    const missing: string[] = [];
    const listedButWorking: string[] = [];
    for (const route of writeRoutes) {
      const discovery = await discover(route, await seededUrl(route.url));
      const listed = routeKey(route) in ROUTES_WITHOUT_VALID_BODY;
      if (!discovery.recipe && !listed)
        missing.push(
          `${routeKey(route)}: ` +
            `${discovery.attempts.map((attempt) => `${attempt.source} -> ${attempt.status} ${attempt.answer}`).join(' | ') || 'nothing to try'}`,
        );
      if (discovery.recipe && listed) listedButWorking.push(`${routeKey(route)} is listed in ROUTES_WITHOUT_VALID_BODY but accepts ${discovery.recipe.source}`);
    }
    const unknownListed = Object.keys(ROUTES_WITHOUT_VALID_BODY).filter((key) => !writeRoutes.some((route) => routeKey(route) === key));
    expect(missing, 'routes without a valid body').toEqual([]);
    expect(listedButWorking).toEqual([]);
    expect(unknownListed, 'listed routes the server does not have').toEqual([]);
  }, 300_000);

  it('refuses on every PUT of a versioned record a body without its version (400) or with a stale one (409), writing nothing', async () => {
    const problems: string[] = [];
    const putRoutes = writeRoutes.filter((route) => route.method === 'PUT' && !(routeKey(route) in PUTS_WITHOUT_VERSION));
    for (const route of putRoutes) {
      const key = routeKey(route);
      const where = versionPath(toJsonSchema(route.schema.body));
      if (!where) problems.push(`${key}: its body schema does not require version`);
      const url = await seededUrl(route.url);
      await discover(route, url);
      const body = await bodies.build(route, url);
      const value = body?.kind === 'json' ? body.value : undefined;
      const wrapper = where?.length === 2 ? where[0] : null;
      const holder = isRecord(value) && wrapper ? value[wrapper] : value;
      if (!isRecord(value) || !isRecord(holder) || typeof holder.version !== 'number') {
        problems.push(`${key}: no valid body with a version to check`);
        continue;
      }
      const { version: _read, ...holderWithoutVersion } = holder;
      const withoutVersion = wrapper ? { ...value, [wrapper]: holderWithoutVersion } : holderWithoutVersion;
      // exchange() checks that a refusal is in the error shape and wrote nothing.
      const send = (sent: unknown) => exchange(route, url, { kind: 'json', value: sent }, 'json', tallyOf(route), 'version check');
      const missing = await send(withoutVersion);
      if (missing.status !== 400) problems.push(`${key} without version: ${missing.status} ${missing.answer.slice(0, 200)}`);
      const first = await send(value);
      if (first.status >= 300) {
        problems.push(`${key}: its valid body got ${first.status} ${first.answer.slice(0, 200)}`);
        continue;
      }
      // The same body again carries the version the first one moved past.
      const stale = await send(value);
      if (stale.status !== 409) problems.push(`${key} with a stale version: ${stale.status} ${stale.answer.slice(0, 200)}`);
    }
    expect(putRoutes.length).toBeGreaterThan(20);
    expect(
      Object.keys(PUTS_WITHOUT_VERSION).filter((key) => !writeRoutes.some((route) => routeKey(route) === key)),
      'listed routes the server does not have',
    ).toEqual([]);
    expect(problems).toEqual([]);
  }, 300_000);

  it.each(writeRoutes.map((route) => [routeKey(route), route] as const))(
    '%s: no 5xx, every refusal in the error shape, and nothing written by a refused request',
    async (_label, route) => {
      const tally = tallyOf(route);
      await discover(route, await seededUrl(route.url));
      await fc.assert(
        fc.asyncProperty(planArbitrary(route), async (plan) => {
          const url = await seededUrl(route.url);
          const body = await bodyFor(route, url, plan.body, tally);
          const target = plan.params === 'seeded' ? url : fillUrl(route.url, plan.params);
          const { status, answer } = await exchange(route, target, body, plan.encoding, tally, 'fuzz');
          // The valid body as it is, made from what is stored just before it is sent, must be accepted whatever earlier requests did.
          if (plan.body.from === 'valid' && plan.params === 'seeded' && plan.encoding === 'json')
            expect(status, `${routeKey(route)}: its valid body, made just now, was refused: ${answer.slice(0, 300)}`).toBeLessThan(300);
        }),
        { numRuns: runsPerRoute, seed: routeSeed(SEED, routeKey(route)), endOnFailure: true, examples: [[VALID_PLAN]] },
      );
    },
    Math.max(120_000, runsPerRoute * 3_000),
  );

  it('saw every route but those listed with a reason accept at least one request of the run', () => {
    const fuzzed = writeRoutes.map((route) => tallies.get(routeKey(route))).filter((tally) => tally !== undefined && tally.requests > 0);
    const neverAccepted = fuzzed.filter((tally) => !tally!.accepted && !(tally!.route in ROUTES_WITHOUT_VALID_BODY)).map((tally) => tally!.route);
    expect(neverAccepted).toEqual([]);
  });
});
