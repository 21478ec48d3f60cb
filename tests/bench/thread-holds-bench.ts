// How long the largest saves hold the server's one thread (issue 30, item 4: "no request holds the
// main thread for more than 100 ms"), on the embedded database with the real server in this
// process (Fastify inject), which is where the database's work runs too. For each save: the
// longest time the event loop could not turn while it ran (the wait it adds to every other
// request) and the CPU of the main thread it cost (formula work sent to the worker thread not
// counted). Saves, each of the largest size a season allows:
// - a new season of 5,000 plain prices (200 groups of 25), then every one of its grosses changed;
// - a season of one 5,000-row formula chain ([n-1]+1), then only its first cell changed;
// - 2,000 supplement variations over 10 extras.
// Full: each save 5 times (the longest hold of all, the median CPU); quick: once. Every save is
// made once before, unmeasured.

import { buildApp } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { readConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { mainThreadHolds } from '../helpers/main-thread-holds.js';
import type { BenchOptions } from './bench-options';
import { median } from './bench-server';
import type { BenchRow } from './bench-table';

type Save = { method: 'PUT'; url: string; body: () => object };
type Scenario = { name: string; prepare: (f: PricingFixture, call: Call) => Promise<Save> };
type Call = (save: Save) => Promise<SeasonPricing>;

const PRICES = SEASON_LIMITS.prices;
const GROUPS = SEASON_LIMITS.groups;
const VARIATIONS = SEASON_LIMITS.variations;

const pricingUrl = (f: PricingFixture) => `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
const price = (f: PricingFixture, gross: number, formula: string | null = null) => ({
  room_type_id: f.roomTypeId,
  gross,
  formula,
  markup_rate_id: f.rates.r20,
});
const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });
const plainSeason = (f: PricingFixture, from: number) =>
  Array.from({ length: GROUPS }, (_, g) => group(Array.from({ length: PRICES / GROUPS }, (_, n) => price(f, from + g + n))));
const chainSeason = (f: PricingFixture) => [group(Array.from({ length: PRICES }, (_, n) => (n === 0 ? price(f, 100) : price(f, 0, `[${n - 1}]+1`))))];
/** A stored season as a save sends it again, with `edit` applied to each price. */
const resend = (pricing: SeasonPricing, edit: (price: SeasonPricing['categories'][number]['prices'][number], index: number) => object) => ({
  version: pricing.tour_season.version,
  categories: pricing.categories.map((category) => ({
    ...category,
    prices: category.prices.map(({ net: _n, cost: _c, ...row }, index) => edit({ ...row, net: 0, cost: 0 }, index)),
  })),
});

const SCENARIOS: Scenario[] = [
  {
    name: `a new season of ${PRICES.toLocaleString('en-GB')} plain prices`,
    prepare: async (f) => ({ method: 'PUT', url: pricingUrl(f), body: () => ({ version: 1, categories: plainSeason(f, 100) }) }),
  },
  {
    name: `every gross of ${PRICES.toLocaleString('en-GB')} plain prices changed`,
    prepare: async (f, call) => {
      const stored = await call({ method: 'PUT', url: pricingUrl(f), body: () => ({ version: 1, categories: plainSeason(f, 100) }) });
      return { method: 'PUT', url: pricingUrl(f), body: () => resend(stored, ({ net: _n, cost: _c, ...row }) => ({ ...row, gross: (row.gross ?? 0) + 1 })) };
    },
  },
  {
    name: `a new ${PRICES.toLocaleString('en-GB')}-row formula chain`,
    prepare: async (f) => ({ method: 'PUT', url: pricingUrl(f), body: () => ({ version: 1, categories: chainSeason(f) }) }),
  },
  {
    name: `the first cell of a ${PRICES.toLocaleString('en-GB')}-row formula chain changed`,
    prepare: async (f, call) => {
      const stored = await call({ method: 'PUT', url: pricingUrl(f), body: () => ({ version: 1, categories: chainSeason(f) }) });
      return {
        method: 'PUT',
        url: pricingUrl(f),
        body: () => resend(stored, ({ net: _n, cost: _c, ...row }, index) => (index === 0 ? { ...row, gross: 200 } : row)),
      };
    },
  },
  {
    name: `${VARIATIONS.toLocaleString('en-GB')} supplement variations over 10 extras`,
    prepare: async (f) => ({
      method: 'PUT',
      url: `/api/v1/tour-extras/${f.tourId}/${f.seasonId}/party`,
      body: () => ({
        version: 1,
        extras: Array.from({ length: 10 }, (_, e) => ({
          name: `Extra ${e}`,
          variations: Array.from({ length: VARIATIONS / 10 }, (_, n) => ({ gross: 10 + n, markup_rate_id: f.rates.r20 })),
        })),
      }),
    }),
  },
];

export async function runThreadHoldsBench({ size, log }: BenchOptions): Promise<BenchRow[]> {
  const repeats = size === 'full' ? 5 : 1;
  const database = await openDatabase({ kind: 'embedded' });
  await migrateToLatest(database.db);
  const app = await buildApp({ db: database.db, changes: database.changes, config: readConfig({}) });
  await app.ready();
  try {
    const userId = await upsertStaffUser(database.db, 'bench@example.test', 'bench password long enough');
    const headers = { authorization: `Bearer ${await createSession(database.db, userId)}` };
    const call: Call = async ({ method, url, body }) => {
      const response = await app.inject({ method, url, headers, payload: body() });
      if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      return response.json<SeasonPricing>();
    };
    // Each save once unmeasured first: the first request of a kind compiles its code and starts
    // the formula worker, which is not what a day's saves cost.
    for (const scenario of SCENARIOS) await call(await scenario.prepare(await createPricingFixture(database.db), call));
    const rows: BenchRow[] = [];
    for (const scenario of SCENARIOS) {
      const holds: number[] = [];
      const cpu: number[] = [];
      for (let run = 0; run < repeats; run++) {
        // A season of its own each time, so every run saves the same thing.
        const save = await scenario.prepare(await createPricingFixture(database.db), call);
        const measured = await mainThreadHolds(() => call(save));
        holds.push(measured.longestMs);
        cpu.push(measured.mainThreadCpuMs);
      }
      const longest = Math.max(...holds);
      log(`${scenario.name}: longest hold ${holds.map((ms) => ms.toFixed(0)).join(', ')} ms; main-thread CPU ${cpu.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      rows.push({
        name: `save of ${scenario.name}: longest hold of the server's thread (compared: the save's main-thread CPU)`,
        ms: longest,
        comparedMs: median(cpu),
        ratio: longest / Math.max(1, median(cpu)),
        target: '< 100 ms',
      });
    }
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}
