import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// A season save sends every group and price; only what differs from the stored rows is written.
// PostgreSQL gives every written row version a new transaction id (xmin), which shows which rows
// a save touched.

let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createPricingFixture(t.db);
});
afterAll(() => t.close());

const url = () => `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
const save = (body: unknown) => t.app.inject({ method: 'PUT', url: url(), headers: t.auth, payload: body as object });
const asSave = (pricing: SeasonPricing) => ({
  version: pricing.tour_season.version,
  categories: pricing.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _net, cost: _cost, ...price }) => price) })),
});
const rowVersions = async (table: 'tour_prices' | 'tour_pricing_categories') =>
  new Map(
    (
      await sql<{ id: number; xmin: string }>`select id, xmin::text as xmin from ${sql.table(table)} where tour_season_id = ${f.tourSeasonId}`.execute(t.db)
    ).rows.map((row) => [row.id, row.xmin]),
  );

describe('a season save writes only what changed', () => {
  it('rewrites the one price whose gross changed, and its computed net and cost, and no other row', async () => {
    const price = (gross: number) => ({ room_type_id: f.roomTypeId, gross, markup_rate_id: f.rates.r20 });
    const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices });
    const first = await save({ version: 1, categories: [group([price(100), price(200), price(300)]), group([price(400), price(500)])] });
    expect(first.statusCode).toBe(200);
    const stored = first.json<SeasonPricing>();
    const pricesBefore = await rowVersions('tour_prices');
    const groupsBefore = await rowVersions('tour_pricing_categories');

    const body = asSave(stored);
    const changed = body.categories[1].prices[0];
    changed.gross = 675;
    const second = await save(body);
    expect(second.statusCode).toBe(200);
    expect(second.json<SeasonPricing>().categories[1].prices[0]).toMatchObject({ id: changed.id, gross: 675, net: 540, cost: 648 });

    const pricesAfter = await rowVersions('tour_prices');
    const rewritten = [...pricesAfter].filter(([id, xmin]) => pricesBefore.get(id) !== xmin).map(([id]) => id);
    expect(rewritten).toEqual([changed.id]);
    expect(await rowVersions('tour_pricing_categories')).toEqual(groupsBefore);
  });

  it('rewrites a group whose dates changed and the prices that moved position, deletes what was left out', async () => {
    const pricing = (await t.app.inject({ method: 'GET', url: url(), headers: t.auth })).json<SeasonPricing>();
    const body = asSave(pricing);
    const pricesBefore = await rowVersions('tour_prices');
    const [kept, dropped] = [body.categories[0].prices[1], body.categories[0].prices[0]];
    body.categories[0].prices = [kept, body.categories[0].prices[2]];
    body.categories[1].date_ranges = [{ start: body.categories[1].start, end: '2026-07-31' }];
    body.categories[1].end = '2026-07-31';
    const response = await save(body);
    expect(response.statusCode).toBe(200);
    const after = await rowVersions('tour_prices');
    expect(after.has(dropped.id!)).toBe(false);
    // Both remaining rows of the first group moved up one position; the second group's rows did not move.
    const rewritten = [...after]
      .filter(([id, xmin]) => pricesBefore.get(id) !== xmin)
      .map(([id]) => id)
      .sort((a, b) => a - b);
    expect(rewritten).toEqual([kept.id, body.categories[0].prices[1].id].sort((a, b) => a! - b!));
    expect(response.json<SeasonPricing>().categories[1].end).toBe('2026-07-31');
  });

  it('answers exactly what a read from the database gives afterwards: new ids, formulas, dates and the new version', async () => {
    const pricing = (await t.app.inject({ method: 'GET', url: url(), headers: t.auth })).json<SeasonPricing>();
    const body = asSave(pricing);
    body.categories[0].prices.push({
      room_type_id: f.roomTypeId,
      accommodation_category_id: null,
      deck_id: null,
      gross: 0,
      non_com: 12.5,
      adjustment: -3,
      markup_rate_id: f.rates.r20,
      formula: '[0]/3',
    } as (typeof body.categories)[0]['prices'][0]);
    body.categories.push({
      start: '2026-08-01',
      end: '2026-08-31',
      nights: null,
      guided: true,
      boat_id: null,
      tour_route_id: null,
      specific_dates: ['2026-08-15'],
      restricted_dates: [],
      restricted_days: [0, 6],
      prices: [{ room_type_id: f.roomTypeId, gross: 333.33, markup_rate_id: f.rates.r10 }],
    } as unknown as (typeof body.categories)[0]);
    const saved = await save(body);
    expect(saved.statusCode).toBe(200);
    const reread = await t.app.inject({ method: 'GET', url: url(), headers: { ...t.auth, 'cache-control': 'no-cache' } });
    expect(saved.json()).toEqual(reread.json());
    expect(
      saved
        .json<SeasonPricing>()
        .categories.flatMap((category) => category.prices)
        .every((price) => Number.isInteger(price.id)),
    ).toBe(true);
  });
});
