import { expect } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { mergeSeasonPricing } from '../../src/screens/pricing/merge-season-pricing.js';
import { saveBody, stageCategories, type PriceGroup, type PricingRow } from '../../src/screens/pricing/price-groups.js';
import { createPricingFixture, type PricingFixture } from './pricing-fixtures.js';
import type { TestApp } from './test-app.js';

// Issue 29: clerks saving one season at once, each rebasing a stale save on the stored season
// with the pricing tab's own merge, as the browser does, then saving again at the new version.

export type ClerksRun = { saves: number; merges: number; cells: number };

const ROWS = 16;

/** A staged row's price fields as a save sends them (every clerk's rows are typed numbers here). */
const priceInput = (rows: readonly PricingRow[]) => (index: number) => {
  const { formula, gross, non_com, adjustment, markup_rate_id } = rows[index];
  return { formula, gross: gross ?? 0, non_com: non_com ?? 0, adjustment: adjustment ?? 0, markup_rate_id };
};

/** `clerks` clerks, each typing grosses into its own rows (row n belongs to clerk n mod clerks), for `seconds`. */
export async function runMergingClerks(t: TestApp, { clerks, seconds, seed }: { clerks: number; seconds: number; seed: number }): Promise<ClerksRun> {
  const f: PricingFixture = await createPricingFixture(t.db);
  const url = `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
  const read = async () => (await t.app.inject({ method: 'GET', url, headers: { ...t.auth, 'cache-control': 'no-cache' } })).json<SeasonPricing>();
  const save = (body: object) => t.app.inject({ method: 'PUT', url, headers: t.auth, payload: body });
  const first = await save({
    version: 1,
    categories: [
      {
        id: f.categoryId,
        start: '2026-05-01',
        end: '2026-09-30',
        nights: 7,
        prices: Array.from({ length: ROWS }, (_, n) => ({ gross: 100 * (n + 1), non_com: 0, adjustment: 0, markup_rate_id: f.rates.r20, formula: null })),
      },
    ],
  });
  expect(first.statusCode, first.body).toBe(200);

  // A small generator of its own per clerk, so a run is the same for the same seed.
  const random = (clerk: number) => {
    let state = (seed * 7919 + clerk * 104_729) >>> 0 || 1;
    return (below: number) => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % below;
    };
  };
  const acknowledged = new Map<number, number>();
  const run: ClerksRun = { saves: 0, merges: 0, cells: 0 };
  const deadline = Date.now() + seconds * 1000;
  // Every clerk loads before any saves: the first round alone makes clerks - 1 saves stale.
  const loadedByClerk = await Promise.all(Array.from({ length: clerks }, () => read()));

  const clerk = async (number: number) => {
    const next = random(number);
    let loaded = loadedByClerk[number];
    do {
      let mine: { groups: PriceGroup[]; rows: PricingRow[] } = stageCategories(loaded.categories);
      const typed = new Map<number, number>();
      const own = mine.rows.filter((row) => (row.id as number) % clerks === number);
      for (let edits = 1 + next(3); edits > 0; edits -= 1) {
        const row = own[next(own.length)];
        typed.set(row.id as number, 1 + next(99_999));
      }
      mine = { ...mine, rows: mine.rows.map((row) => (typed.has(row.id as number) ? { ...row, gross: typed.get(row.id as number) as number } : row)) };
      for (;;) {
        const body = saveBody(loaded.tour_season.version, mine.groups, mine.rows, priceInput(mine.rows), []);
        const answer = await save(body);
        if (answer.statusCode === 200) {
          run.saves += 1;
          for (const [id, gross] of typed) acknowledged.set(id, gross);
          run.cells += typed.size;
          loaded = answer.json<SeasonPricing>();
          break;
        }
        expect(answer.statusCode, answer.body).toBe(409);
        const latest = await read();
        const merge = mergeSeasonPricing({ loaded, latest, mine });
        // Each clerk types only into its own rows: nothing can conflict.
        expect(merge.found).toEqual([]);
        run.merges += 1;
        mine = { groups: merge.groups, rows: merge.rows };
        loaded = latest;
      }
    } while (Date.now() < deadline);
  };
  await Promise.all(Array.from({ length: clerks }, (_, number) => clerk(number)));

  const stored = await read();
  const grossById = new Map(stored.categories.flatMap((category) => category.prices.map((price) => [price.id, Number(price.gross)])));
  expect(grossById.size).toBe(ROWS);
  for (const [id, gross] of acknowledged) expect(grossById.get(id), `price ${id}`).toBe(gross);
  expect(run.merges).toBeGreaterThanOrEqual(clerks - 1);
  return run;
}
