// No request may hold the server's one thread for long (issue 30, item 4). The embedded database
// runs its queries on that thread, so a save of thousands of rows once ran from its first query to
// its answer without the event loop turning: nothing else was read from the network meanwhile.
// Counting the loop's turns while such a save runs tells whether it shares the thread, whatever
// the machine's speed (a slower machine only gives more turns).

import { describe, expect, it } from 'vitest';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { OFF_THREAD_FORMULAS } from '../../src/server/pricing/evaluate-off-thread.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

const context = pricingTestContext();
const url = () => `/api/v1/tour-pricing/${context.f.tourId}/${context.f.seasonId}`;
const save = (body: object) => context.t.app.inject({ method: 'PUT', url: url(), headers: context.t.auth, payload: body });
const price = (gross: number, formula: string | null = null) => ({ room_type_id: context.f.roomTypeId, gross, formula, markup_rate_id: context.f.rates.r20 });
const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });

/** How many times the event loop turned while `work` ran. */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

describe('a save of the largest season shares the thread', () => {
  it(`lets the event loop turn while ${SEASON_LIMITS.prices.toLocaleString('en-GB')} prices are written`, { timeout: 60_000 }, async () => {
    await save({ version: 1, categories: [group([price(1)])] }); // the first request compiles the route
    const groups = Array.from({ length: SEASON_LIMITS.groups }, () =>
      group(Array.from({ length: SEASON_LIMITS.prices / SEASON_LIMITS.groups }, (_, n) => price(100 + n))),
    );
    const { result, turns } = await loopTurnsDuring(() => save({ version: 2, categories: groups }));
    expect(result.statusCode).toBe(200);
    // 5,000 prices and their 5,000 history rows take 40 inserts of 250 rows, several per 10 ms slice
    // at most; before, the loop turned 1 to 3 times in all (at the request's start).
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

describe(`a season of ${OFF_THREAD_FORMULAS} formulas or more, evaluated in the worker thread`, () => {
  it('stores the values the grid shows', { timeout: 60_000 }, async () => {
    const rows = [price(100), ...Array.from({ length: OFF_THREAD_FORMULAS + 50 }, (_, index) => price(0, `[${index}]+1`))];
    const response = await save({ version: 1, categories: [group(rows)] });
    expect(response.statusCode).toBe(200);
    const stored = response.json<SeasonPricing>().categories[0].prices;
    expect(stored.map((row) => row.gross)).toEqual(rows.map((_, index) => 100 + index));
    expect(stored.every((row) => row.net > 0 && row.cost > 0)).toBe(true);
  });

  it('refuses a broken formula among them with the message a small season gets, storing nothing', { timeout: 60_000 }, async () => {
    const rows = [price(100), ...Array.from({ length: OFF_THREAD_FORMULAS + 50 }, (_, index) => price(0, index === 120 ? '[121]+1' : `[${index}]+1`))];
    const large = await save({ version: 1, categories: [group(rows)] });
    const small = await save({ version: 1, categories: [group([price(0, '[0]+1')])] });
    expect(large.statusCode).toBe(400);
    expect(small.statusCode).toBe(400);
    const circular = (response: typeof large) => response.json<{ errors: { msg: string }[] }>().errors[0].msg.replace(/^Row \d+ \([^)]*\): /, '');
    expect(circular(large)).toBe(circular(small));
    expect(circular(large)).toMatch(/Circular reference/);
  });
});
