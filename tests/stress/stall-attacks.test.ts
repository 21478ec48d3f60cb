// No request may hold the server's one thread for more than about 100 ms, whatever it sends
// (issue 19): each attack is sent back to back against the real server in its own process, and
// the server's CPU time per attack request must stay under 100 ms; a cheap read of the season is
// measured meanwhile and its p50/p99 reported. The attacks: a save whose formula refers to row
// 999,999 (the engine grew its sheet to that row: 0.5-1.1 s per save), a save of 100,000 prices
// (10 s of frozen server) and a formula of 900 nested brackets (a stack overflow). The figures go
// to `npm run report`. Last, the largest season allowed (5,000 prices) is saved back to back,
// accepted, while a request that needs only the server's thread (no database) is measured: it
// must wait a slice of a save, not a whole save (issue 30, item 4: it waited 500 ms or more).

import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingFixture } from '../helpers/pricing-fixtures.js';
import { mainThreadCpuMs, measureLatencyDuring, processCpuMs, type LatencyFigures } from '../helpers/latency-during-attack.js';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits.js';
import { recordFigures } from '../helpers/report-figures.js';
import { createServerDatabase, type ServerDatabase } from '../helpers/stress-databases.js';
import { logIn, startServer, type ServerProcess } from '../helpers/server-process.js';

const SECONDS_PER_ATTACK = Number(process.env.STALL_ATTACK_SECONDS ?? 2.5);
const PROBE_TARGET_P99_MS = 100;
// The read's latency measures the machine as much as the server: one garbage collection or a busy
// neighbour on a shared core adds 50-100 ms to a 10 ms request (a CI run saw p99 154 ms while
// the server spent 16 ms of CPU per attack). So the test asserts the server's CPU time per attack
// request, which waiting does not inflate; the read's latency is a reported figure, as the speed
// goals in `npm run bench` are.
const CPU_LIMIT_PER_ATTACK_MS = 100;

/** `body` is given the season's version, so that an attack the server wrongly accepted is sent again as new. */
type Attack = { name: string; expectedStatus: number; body: (f: PricingFixture, version: number) => object };

const price = (f: PricingFixture, formula: string | null = null) => ({ room_type_id: f.roomTypeId, gross: 100, formula, markup_rate_id: f.rates.r20 });
const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });

const ATTACKS: Attack[] = [
  { name: 'far reference [999999]+1', expectedStatus: 400, body: (f, version) => ({ version, categories: [group([price(f), price(f, '[999999]+1')])] }) },
  // 100,000 prices as small as JSON allows (about 300 kB, under the 2 MB body limit).
  {
    name: 'oversize save of 100,000 prices',
    expectedStatus: 400,
    body: (_f, version) => ({ version, categories: Array.from({ length: 20 }, () => group(Array.from({ length: 5000 }, () => ({})))) }),
  },
  {
    name: 'formula of 900 nested brackets',
    expectedStatus: 400,
    body: (f, version) => ({ version, categories: [group([price(f, `${'('.repeat(900)}1${')'.repeat(900)}`)])] }),
  },
];

describe('a cheap read stays fast while attacks are sent back to back (embedded database)', () => {
  let database: ServerDatabase;
  let server: ServerProcess;
  let fixture: PricingFixture;
  let authorization: string;
  const results: (LatencyFigures & { attack: string })[] = [];

  beforeAll(async () => {
    const template = inject('databaseTemplate');
    if (template.kind !== 'embedded') throw new Error('The stall attacks run on the embedded database');
    database = await createServerDatabase('pglite', 'stall-attacks');
    server = await startServer({
      dataDir: database.dataDir,
      script: 'tests/helpers/attack-server-main.ts',
      env: { TEMPLATE_FILE: template.file },
      startTimeoutMs: 60_000,
    });
    fixture = JSON.parse(/FIXTURE (.*)/.exec(server.output())![1]) as PricingFixture;
    authorization = await logIn(server.baseUrl);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    recordFigures(
      'stall-attacks',
      { secondsPerAttack: SECONDS_PER_ATTACK, probeTargetP99Ms: PROBE_TARGET_P99_MS, probe: 'GET the season’s pricing (no-cache)', attacks: results },
      'pglite',
    );
  });

  const seasonUrl = () => `${server.baseUrl}/api/v1/tour-pricing/${fixture.tourId}/${fixture.seasonId}`;
  const probe = async () => {
    const response = await fetch(seasonUrl(), { headers: { authorization, 'cache-control': 'no-cache' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`The read answered ${response.status}`);
  };
  let version = 1;
  const send = async (attack: Attack) => {
    const body = JSON.stringify(attack.body(fixture, version));
    const response = await fetch(seasonUrl(), { method: 'PUT', headers: { authorization, 'content-type': 'application/json' }, body });
    const answer = await response.text();
    if (response.status === 200) version = (JSON.parse(answer) as { tour_season: { version: number } }).tour_season.version;
    return response.status;
  };

  it('measures the read without an attack first (the baseline)', { timeout: 30_000 }, async () => {
    // A warm-up, not measured: the first requests compile the routes.
    for (let i = 0; i < 20; i += 1) await probe();
    const figures = await measureLatencyDuring({ durationMs: 1000, attackers: 0, attack: async () => 0, probe });
    results.push({ attack: 'none (baseline)', ...figures });
    expect(figures.probes).toBeGreaterThan(10);
  });

  it(
    `measures a request that needs only the thread while ${SEASON_LIMITS.prices.toLocaleString('en-GB')} prices are saved back to back`,
    { timeout: 60_000 },
    async () => {
      const largest: Attack = {
        name: `largest season allowed, ${SEASON_LIMITS.prices.toLocaleString('en-GB')} prices (accepted)`,
        expectedStatus: 200,
        body: (f, current) => ({
          version: current,
          categories: Array.from({ length: SEASON_LIMITS.groups }, (_, g) =>
            group(Array.from({ length: SEASON_LIMITS.prices / SEASON_LIMITS.groups }, (_, n) => ({ ...price(f), gross: 100 + g + n + current }))),
          ),
        }),
      };
      // Unauthenticated and unknown: answered by the server's thread alone, never waiting for the database.
      const threadOnly = async () => {
        const response = await fetch(`${server.baseUrl}/api/v1/no-such-route`);
        await response.arrayBuffer();
        if (response.status !== 401 && response.status !== 404) throw new Error(`The probe answered ${response.status}`);
      };
      for (let i = 0; i < 2; i += 1) await send(largest);
      const figures = await measureLatencyDuring({
        durationMs: SECONDS_PER_ATTACK * 2000,
        attack: () => send(largest),
        probe: threadOnly,
        serverCpuMs: () => mainThreadCpuMs(server.child.pid!),
      });
      results.push({ attack: `${largest.name}; probe: a request that needs only the thread; CPU: the main thread's`, ...figures });
      expect(Object.keys(figures.attackStatuses), 'every save accepted').toEqual(['200']);
      expect(figures.probes).toBeGreaterThan(10);
      // Whatever the machine's load: a probe that met a save waited for a slice of it, not all of it.
      expect(figures.p99Ms, `probe p99 against a save's median of ${figures.attackP50Ms} ms`).toBeLessThan(figures.attackP50Ms / 4);
    },
  );

  for (const attack of ATTACKS) {
    it(
      `refuses the ${attack.name} attack with under ${CPU_LIMIT_PER_ATTACK_MS} ms of server CPU per request, and measures a read meanwhile`,
      { timeout: 30_000 },
      async () => {
        for (let i = 0; i < 3; i += 1) await send(attack);
        const figures = await measureLatencyDuring({
          durationMs: SECONDS_PER_ATTACK * 1000,
          attack: () => send(attack),
          probe,
          serverCpuMs: () => processCpuMs(server.child.pid!),
        });
        results.push({ attack: attack.name, ...figures });
        expect(figures.serverCpuMsPerAttack, 'server CPU per attack request (ms)').toBeLessThan(CPU_LIMIT_PER_ATTACK_MS);
        expect(Object.keys(figures.attackStatuses), 'the attack is refused every time').toEqual([String(attack.expectedStatus)]);
        expect(figures.probes).toBeGreaterThan(10);
      },
    );
  }
});
