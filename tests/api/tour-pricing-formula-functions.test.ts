// The server evaluates gross formulas with spreadsheet functions and ranges through the same
// src/formulas code as the grid, and refuses an unknown function by name (issue 17, Formulas).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  f = await createPricingFixture(t.db);
});

const url = () => `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
const read = async () => (await t.app.inject({ method: 'GET', url: url(), headers: { ...t.auth, 'cache-control': 'no-cache' } })).json<SeasonPricing>();
const save = (body: unknown) => t.app.inject({ method: 'PUT', url: url(), headers: t.auth, payload: body as object });
const price = (gross: number, formula: string | null = null) => ({ room_type_id: f.roomTypeId, gross, formula, markup_rate_id: f.rates.r20 });
const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });

describe('gross formulas with functions on the server', () => {
  it('stores ROUNDUP([0]*1.1,0) and SUM([0]:[1]) with the gross they evaluate to, and reads them back', async () => {
    const response = await save({
      version: 1,
      categories: [
        group([price(100), price(250), price(0, 'ROUNDUP([0]*1.1,0)')]),
        group([price(0, 'SUM([0]:[1])'), price(0, 'IF(SUM([0]:[2])>400,ROUND([1]/3,0),0)')]),
      ],
    });
    expect(response.statusCode).toBe(200);
    const stored = (await read()).categories.flatMap((category) => category.prices);
    // 100*1.1 is 110.00000000000001 in binary: the decimal guard gives 110, as Excel does.
    expect(stored.map((row) => [row.formula, row.gross])).toEqual([
      [null, 100],
      [null, 250],
      ['ROUNDUP([0]*1.1,0)', 110],
      ['SUM([0]:[1])', 350],
      ['IF(SUM([0]:[2])>400,ROUND([1]/3,0),0)', 83],
    ]);
    // Net and cost are priced from the evaluated gross (commission 20, 1.1 per pound, markup 1.32).
    expect(stored[3]).toMatchObject({ net: 280, cost: 336 });
  });

  it('refuses VLOOKUP(1) with 400 naming the row and the function, and stores nothing', async () => {
    const before = await read();
    const response = await save({ version: 1, categories: [group([price(100), price(0, 'VLOOKUP(1)')])] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        msg: expect.stringMatching(/^Row 1 .*Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF$/),
        path: 'categories.0.prices.1.gross',
      },
    ]);
    expect(await read()).toEqual(before);
  });

  it('reports a syntax error in its own row, not in the row that refers to it', async () => {
    const response = await save({ version: 1, categories: [group([price(100), price(0, '5+*3'), price(0, '[1]*2+'), price(0, '[1]*2')])] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { msg: string }) => error.msg.replace(/ \(.*\)/, ''))).toEqual([
      'Row 1: Syntax error in formula',
      'Row 2: Syntax error in formula',
      'Row 3: Refers to row 1, which has an error',
    ]);
  });
});
