import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { applyMutation, mutationArbitrary, type Mutation } from '../helpers/json-mutations.js';
import { recordFigures } from '../helpers/report-figures.js';
import { arbitraryFromSchema, toJsonSchema } from '../helpers/schema-arbitrary.js';
import { fillUrl, paramNames, resolveSeededParams, type ResolvedParams, type RouteParams } from '../helpers/seeded-route-params.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { WriteDetector } from '../helpers/write-detector.js';

// 500 requests in `npm test`; the stress run sets FUZZ_RUNS=10000.
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 500);

// Publishing POSTs to a build service; a stand-in on loopback answers so /publish can succeed.
const buildService: Server = createServer((_request, response) => response.writeHead(204).end());
await new Promise<void>((done) => buildService.listen(0, '127.0.0.1', done));
const t: TestApp = await createTestApp({ publishDispatchUrl: `http://127.0.0.1:${(buildService.address() as AddressInfo).port}/dispatch` });

// Every POST and PUT the server has, read from its own route table: a route added later is fuzzed too.
const writeRoutes = t.app.routeTable.filter((route) => route.method === 'POST' || route.method === 'PUT');
const runsPerRoute = Math.max(1, Math.ceil(FUZZ_RUNS / writeRoutes.length));

const errorShape = z.strictObject({ errors: z.array(z.strictObject({ msg: z.string().min(1), path: z.string().optional() })).min(1) });

const stats = { requests: 0, accepted: 0, rejected: 0, fiveXX: 0, contentComparisons: 0, byStatus: {} as Record<string, number>, byRoute: [] as { route: string; requests: number; accepted: number; rejected: number }[] };
let seeded: ResolvedParams;
let realIds: number[];
let detector: WriteDetector;
/** The database's contents after the last accepted request; null when it must be read again. */
let baseline: string | null = null;

beforeAll(async () => {
  await seedDemoData(t.db, { scale: 'demo' });
  seeded = await resolveSeededParams(t, t.app.routeTable);
  const ids = [...seeded.byUrl.values()].flatMap((params) => Object.values(params).map(Number));
  realIds = [...new Set([...ids.filter((id) => Number.isInteger(id) && id > 0), 1, 2, 3, 4, 5])];
  detector = new WriteDetector(t.db);
}, 600_000);

afterAll(async () => {
  recordFigures('fuzz', {
    runsAsked: FUZZ_RUNS,
    routes: writeRoutes.length,
    requests: stats.requests,
    accepted: stats.accepted,
    rejected: stats.rejected,
    fiveXX: stats.fiveXX,
    fullDatabaseComparisons: stats.contentComparisons,
    unresolvedParams: seeded?.unresolved.join(', ') || 'none',
    byStatus: Object.entries(stats.byStatus)
      .sort()
      .map(([status, count]) => ({ status, count })),
    byRoute: stats.byRoute,
  });
  await t.close();
  await new Promise((done) => buildService.close(done));
});

/** What one fuzz request sends, before the base body it mutates is known. */
type Plan = {
  params: RouteParams | 'seeded';
  body: { from: 'schema'; value: unknown } | { from: 'mutation'; mutation: Mutation } | { from: 'valid' } | { from: 'none' };
  encoding: 'json' | 'truncated-json' | 'form' | 'text';
};

const junkParam = fc.constantFrom('0', '-1', '2147483648', '99999999', 'abc', '1.5', '1e3', ' 1', "1' OR '1'='1", '%00', '..%2F..', 'x'.repeat(300));

function planArbitrary(route: RouteEntry): fc.Arbitrary<Plan> {
  const schema = toJsonSchema(route.schema.body) ?? {};
  const names = paramNames(route.url);
  const params: fc.Arbitrary<Plan['params']> = names.length
    ? fc.oneof({ weight: 9, arbitrary: fc.constant('seeded' as const) }, { weight: 1, arbitrary: fc.record(Object.fromEntries(names.map((name) => [name, junkParam]))) })
    : fc.constant('seeded' as const);
  const body: fc.Arbitrary<Plan['body']> = fc.oneof(
    { weight: 4, arbitrary: arbitraryFromSchema(schema, { realIds }).map((value) => ({ from: 'schema' as const, value })) },
    { weight: 5, arbitrary: mutationArbitrary.map((mutation) => ({ from: 'mutation' as const, mutation })) },
    { weight: 1, arbitrary: fc.constant({ from: 'valid' as const }) },
    { weight: 1, arbitrary: fc.constant({ from: 'none' as const }) },
  );
  const encoding = fc.oneof({ weight: 17, arbitrary: fc.constant('json' as const) }, { weight: 1, arbitrary: fc.constantFrom('truncated-json' as const, 'form' as const, 'text' as const) });
  return fc.record({ params, body, encoding });
}

/**
 * A body the route accepts, to mutate: what a GET of the same address answers when the route's
 * schema accepts that (a PUT of a record it loaded), else one generated from the schema that the
 * schema accepts, else an empty object.
 */
async function validBase(route: RouteEntry, url: string): Promise<unknown> {
  const validator = route.schema.body as z.ZodType | undefined;
  if (!validator || !('safeParse' in validator)) return {};
  if (t.app.routeTable.some((entry) => entry.method === 'GET' && entry.url === route.url)) {
    const loaded = await t.app.inject({ method: 'GET', url, headers: t.auth });
    if (loaded.statusCode === 200 && validator.safeParse(loaded.json()).success) return loaded.json();
  }
  const samples = fc.sample(arbitraryFromSchema(toJsonSchema(validator)!, { realIds }), { numRuns: 30 });
  return samples.find((sample) => validator.safeParse(sample).success) ?? {};
}

function encode(body: unknown, encoding: Plan['encoding']): { payload?: string; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  const json = JSON.stringify(body);
  if (encoding === 'truncated-json') return { payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))), headers: { 'content-type': 'application/json' } };
  if (encoding === 'form') return { payload: `data=${encodeURIComponent(json)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (encoding === 'text') return { payload: json, headers: { 'content-type': 'text/plain' } };
  return { payload: json, headers: { 'content-type': 'application/json' } };
}

describe(`fuzzing every POST and PUT route (${writeRoutes.length} routes, ${runsPerRoute} requests each)`, () => {
  it('finds routes to fuzz, each with a schema or none on purpose', () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
  });

  it.each(writeRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no 5xx, every refusal in the error shape, and nothing written by a refused request',
    async (label, route) => {
      const tally = { route: label, requests: 0, accepted: 0, rejected: 0 };
      stats.byRoute.push(tally);
      // Logging out revokes the token it is sent with: it gets a fresh session each time.
      const ownSession = route.url.endsWith('/auth/logout');
      await fc.assert(
        fc.asyncProperty(planArbitrary(route), async (plan) => {
          const params = plan.params === 'seeded' ? (seeded.byUrl.get(route.url) ?? {}) : plan.params;
          const url = fillUrl(route.url, params);
          const body =
            plan.body.from === 'schema'
              ? plan.body.value
              : plan.body.from === 'none'
                ? undefined
                : plan.body.from === 'valid'
                  ? await validBase(route, url)
                  : applyMutation(await validBase(route, url), plan.body.mutation);
          const { payload, headers } = encode(body, plan.encoding);
          const auth = ownSession ? { authorization: `Bearer ${await createSession(t.db, (await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id)}` } : t.auth;

          baseline ??= await detector.contents();
          const before = await detector.nextTransactionId();
          const response = await t.app.inject({ method: route.method as 'POST', url, headers: { ...auth, ...headers }, payload });
          stats.requests += 1;
          tally.requests += 1;
          stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;

          const what = `${route.method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) stats.fiveXX += 1;
          expect(response.statusCode, what).toBeLessThan(500);
          if (response.statusCode < 300) {
            stats.accepted += 1;
            tally.accepted += 1;
            baseline = null;
            return;
          }
          stats.rejected += 1;
          tally.rejected += 1;
          expect(errorShape.safeParse(response.json()).success, what).toBe(true);
          if ((await detector.nextTransactionId()) === before) return;
          stats.contentComparisons += 1;
          const after = await detector.contents();
          expect(WriteDetector.changedTables(baseline, after), `${what} changed the database`).toEqual([]);
        }),
        { numRuns: runsPerRoute, endOnFailure: true },
      );
    },
    Math.max(120_000, runsPerRoute * 3_000),
  );
});
