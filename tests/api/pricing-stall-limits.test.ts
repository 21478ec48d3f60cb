// No single save may hold the server's one thread for long, whatever it sends (issue 19, items 4,
// 5 and 7): a far reference, a season of unbounded rows and a deeply nested formula are refused
// with a 400 naming the cause before the workbook or the database sees them, a formula's result
// is held to the money limit of a typed gross, and the largest season allowed saves and deletes.

import { describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../../src/domain/pricing/price-fields.js';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { MAX_FORMULA_DEPTH } from '../../src/formulas/formula-syntax.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import { cpuMillis } from '../helpers/cpu-time.js';

const context = pricingTestContext();
const url = () => `/api/v1/tour-pricing/${context.f.tourId}/${context.f.seasonId}`;
const save = (body: unknown) => context.t.app.inject({ method: 'PUT', url: url(), headers: context.t.auth, payload: body as object });
const read = async () =>
  (await context.t.app.inject({ method: 'GET', url: url(), headers: { ...context.t.auth, 'cache-control': 'no-cache' } })).json<SeasonPricing>();
const price = (gross: number, formula: string | null = null) => ({ room_type_id: context.f.roomTypeId, gross, formula, markup_rate_id: context.f.rates.r20 });
const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });
const messages = (response: { json: () => { errors: { msg: string }[] } }) => response.json().errors.map((error) => error.msg);

describe('formula references beyond the season', () => {
  it('refuses [999999]+1 with 400 naming the row, quickly, and stores nothing', async () => {
    const before = await read();
    const body = { version: 1, categories: [group([price(100), price(0, '[999999]+1')])] };
    await save(body); // the first request of the file pays for compiling the routes
    const { result: response, ms: cpu } = await cpuMillis(() => save(body));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { msg: expect.stringMatching(/^Row 1 .*Refers to row 999999, beyond the last row \(1\)$/), path: 'categories.0.prices.1.gross' },
    ]);
    // It took 0.5 to 1.1 s when the engine grew its sheet to the row named.
    expect(cpu).toBeLessThan(200);
    expect(await read()).toEqual(before);
  });

  it('refuses a range that reaches past the last row', async () => {
    const response = await save({ version: 1, categories: [group([price(100), price(0, 'SUM([0]:[5000])')])] });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([expect.stringMatching(/Refers to row 5000, beyond the last row \(1\)$/)]);
  });

  it('names the far row, not a missing one, in a row that refers to it', async () => {
    const response = await save({ version: 1, categories: [group([price(0, '[7]+20'), price(0, '[0]*2')])] });
    expect(response.statusCode).toBe(400);
    expect(messages(response).map((message) => message.replace(/ \(.*?\)/, ''))).toEqual([
      'Row 0: Refers to row 7, beyond the last row (1)',
      'Row 1: Refers to row 0, which has an error',
    ]);
  });
});

describe('formula depth', () => {
  it(`refuses 900 nested brackets with 400 saying formulas nest at most ${MAX_FORMULA_DEPTH} deep`, async () => {
    const deep = `${'('.repeat(900)}1${')'.repeat(900)}`;
    const response = await save({ version: 1, categories: [group([price(0, deep)])] });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([expect.stringMatching(new RegExp(`^Row 0 .*at most ${MAX_FORMULA_DEPTH} deep`))]);
  });

  it('refuses a long chain of signs the same way', async () => {
    const response = await save({ version: 1, categories: [group([price(0, `${'-'.repeat(1500)}1`)])] });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([expect.stringMatching(/at most \d+ deep/)]);
  });

  it(`accepts a formula nested ${MAX_FORMULA_DEPTH} deep`, async () => {
    const nested = `${'('.repeat(MAX_FORMULA_DEPTH - 1)}2${')'.repeat(MAX_FORMULA_DEPTH - 1)}`;
    const response = await save({ version: 1, categories: [group([price(0, nested)])] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[0].prices[0].gross).toBe(2);
  });
});

describe('formula results within the money limit', () => {
  it.each([
    ['1e33 (a huge result)', '10^33', 'above'],
    ['a negative result below the limit', `0-${MAX_MONEY}*2`, 'below'],
  ])('refuses %s as a typed gross would be refused', async (_name, formula) => {
    const before = await read();
    const response = await save({ version: 1, categories: [group([price(0, formula)])] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { msg: expect.stringMatching(/^Row 0 .*gives .*, outside the money limit of ±10,000,000$/), path: 'categories.0.prices.0.gross' },
    ]);
    expect(await read()).toEqual(before);
  });

  it('accepts a result at the limit', async () => {
    const response = await save({ version: 1, categories: [group([price(0, `${MAX_MONEY}/2*2`)])] });
    expect(response.statusCode).toBe(200);
  });
});

describe('the size of a season', () => {
  it(`refuses ${SEASON_LIMITS.groups + 1} groups, naming the limit, and stores nothing`, async () => {
    const before = await read();
    const groups = Array.from({ length: SEASON_LIMITS.groups + 1 }, () => group([]));
    const response = await save({ version: 1, categories: groups });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([`A season holds at most ${SEASON_LIMITS.groups} groups; this save has ${SEASON_LIMITS.groups + 1}`]);
    expect(await read()).toEqual(before);
  });

  it(`refuses ${SEASON_LIMITS.prices + 1} prices spread over groups, naming the limit`, async () => {
    const perGroup = Math.ceil((SEASON_LIMITS.prices + 1) / 4);
    const groups = Array.from({ length: 4 }, (_, index) =>
      group(Array.from({ length: index === 3 ? SEASON_LIMITS.prices + 1 - perGroup * 3 : perGroup }, () => price(1))),
    );
    const response = await save({ version: 1, categories: groups });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([
      `A season holds at most ${SEASON_LIMITS.prices.toLocaleString('en-GB')} prices; this save has ${(SEASON_LIMITS.prices + 1).toLocaleString('en-GB')}`,
    ]);
  });

  it('refuses a group added on its own that takes the season past the limit', { timeout: 60_000 }, async () => {
    const half = SEASON_LIMITS.prices / 2;
    const full = await save({
      version: 1,
      categories: [group(Array.from({ length: half }, () => price(1))), group(Array.from({ length: half }, () => price(2)))],
    });
    expect(full.statusCode).toBe(200);
    const before = await read();
    const added = await context.t.app.inject({ method: 'POST', url: url(), headers: context.t.auth, payload: { version: 2, ...group([price(3)]) } });
    expect(added.statusCode).toBe(400);
    expect(messages(added)).toEqual([
      `A season holds at most ${SEASON_LIMITS.prices.toLocaleString('en-GB')} prices; this save has ${(SEASON_LIMITS.prices + 1).toLocaleString('en-GB')}`,
    ]);
    expect(await read()).toEqual(before);
  });

  it('saves the largest season allowed, then deletes it all without an error', { timeout: 60_000 }, async () => {
    const perGroup = SEASON_LIMITS.prices / SEASON_LIMITS.groups;
    const groups = Array.from({ length: SEASON_LIMITS.groups }, () => group(Array.from({ length: perGroup }, (_, index) => price(100 + index))));
    const saved = await save({ version: 1, categories: groups });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SeasonPricing>().categories.flatMap((category) => category.prices)).toHaveLength(SEASON_LIMITS.prices);
    const removed = await save({ version: 2, categories: [], removed_category_ids: saved.json<SeasonPricing>().categories.map((category) => category.id) });
    expect(removed.statusCode).toBe(200);
    expect((await read()).categories).toEqual([]);
  });
});

describe("the size of a season's extras", () => {
  it(`refuses ${SEASON_LIMITS.variations + 1} variations across extras, naming the limit, before parsing them`, async () => {
    const perExtra = Math.ceil((SEASON_LIMITS.variations + 1) / 20);
    const extras = Array.from({ length: 20 }, (_, index) => ({
      name: `Extra ${index}`,
      variations: Array.from({ length: index === 19 ? SEASON_LIMITS.variations + 1 - perExtra * 19 : perExtra }, () => ({})),
    }));
    const response = await context.t.app.inject({
      method: 'PUT',
      url: `/api/v1/tour-extras/${context.f.tourId}/${context.f.seasonId}/party`,
      headers: context.t.auth,
      payload: { version: 1, extras },
    });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([
      `A season holds at most ${SEASON_LIMITS.variations.toLocaleString('en-GB')} ` +
        `variations; this save has ${(SEASON_LIMITS.variations + 1).toLocaleString('en-GB')}`,
    ]);
  });

  it(`saves ${SEASON_LIMITS.variations} variations across extras, in the order sent`, { timeout: 60_000 }, async () => {
    const perExtra = SEASON_LIMITS.variations / 10;
    const extras = Array.from({ length: 10 }, (_, index) => ({
      name: `Extra ${index}`,
      variations: Array.from({ length: perExtra }, (_, row) => ({ gross: row, markup_rate_id: context.f.rates.r20 })),
    }));
    const response = await context.t.app.inject({
      method: 'PUT',
      url: `/api/v1/tour-extras/${context.f.tourId}/${context.f.seasonId}/party`,
      headers: context.t.auth,
      payload: { version: 1, extras },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ extras: { variations: { id: number; gross: number }[] }[] }>().extras;
    expect(saved.map((extra) => extra.variations.map((row) => row.gross))).toEqual(extras.map((extra) => extra.variations.map((row) => row.gross)));
    const ids = saved.flatMap((extra) => extra.variations.map((row) => row.id));
    expect(new Set(ids).size).toBe(SEASON_LIMITS.variations);
  });
});

describe("the size of a season's bikes and reductions", () => {
  it.each([
    ['bikes', 'tour-bikes', () => ({ bikes: Array.from({ length: SEASON_LIMITS.bikes + 1 }, () => ({ bike_id: context.f.bikeId })) })],
    ['reductions', 'tour-reductions', () => ({ reductions: Array.from({ length: SEASON_LIMITS.reductions + 1 }, () => ({})) })],
  ] as const)('refuses one %s row past the limit, naming it', async (what, path, rows) => {
    const response = await context.t.app.inject({
      method: 'PUT',
      url: `/api/v1/${path}/${context.f.tourId}/${context.f.seasonId}`,
      headers: context.t.auth,
      payload: { version: 1, ...rows() },
    });
    expect(response.statusCode).toBe(400);
    const limit = SEASON_LIMITS[what];
    expect(messages(response)).toEqual([
      `A season holds at most ${limit.toLocaleString('en-GB')} ${what}; this save has ${(limit + 1).toLocaleString('en-GB')}`,
    ]);
  });
});
