import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { storedAndEngineCosts } from '../helpers/stored-price-check.js';
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
const read = async () => (await t.app.inject({ method: 'GET', url: url(), headers: t.auth })).json<SeasonPricing>();
const save = (body: unknown) => t.app.inject({ method: 'PUT', url: url(), headers: t.auth, payload: body as object });
const price = (gross: number | null, extra: Record<string, unknown> = {}) => ({
  room_type_id: f.roomTypeId,
  gross: gross ?? 0,
  markup_rate_id: f.rates.r20,
  ...extra,
});
const group = (prices: object[], extra: Record<string, unknown> = {}) => ({ start: '2026-05-01', end: '2026-06-30', nights: 7, prices, ...extra });

describe('tour pricing', () => {
  it('reads a season with its model rates, currency rate and groups', async () => {
    const pricing = await read();
    expect(pricing.tour_season).toMatchObject({ id: f.tourSeasonId, version: 1, currency: { rate: 1.1, symbol: '€' }, model: { rates: expect.any(Array) } });
    expect(pricing.tour_season.model?.rates).toHaveLength(3);
    expect(pricing.categories).toEqual([expect.objectContaining({ id: f.categoryId, nights: 7, prices: [] })]);
  });

  it('answers 404 for a tour without that season, in a sentence', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/tour-pricing/${f.tourId}/999999`, headers: t.auth });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ msg: `Tour ${f.tourId} has no season 999999` }] });
  });

  it('stores net and cost computed by the server, as in the worked example', async () => {
    const response = await save({ version: 1, categories: [group([price(675)], { id: f.categoryId })] });
    expect(response.statusCode).toBe(200);
    const [stored] = response.json<SeasonPricing>().categories[0].prices;
    expect(stored).toMatchObject({ gross: 675, net: 540, cost: 648 });
  });

  it('ignores net and cost sent by the client', async () => {
    const response = await save({ version: 1, categories: [group([{ ...price(675), net: 1, cost: 1 }])] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[0].prices[0]).toMatchObject({ net: 540, cost: 648 });
  });

  it('evaluates formulas across groups, numbering rows through the whole season', async () => {
    const response = await save({
      version: 1,
      categories: [group([price(500), price(100)]), group([price(0, { formula: '[1]+50' }), price(0, { formula: '(675*.9+675+675)/3' })])],
    });
    expect(response.statusCode).toBe(200);
    const prices = response.json<SeasonPricing>().categories.flatMap((category) => category.prices);
    expect(prices.map((row) => row.gross)).toEqual([500, 100, 150, 652.5]);
    expect(prices[2]).toMatchObject({ formula: '[1]+50', net: 120, cost: 144 });
  });

  it('refuses a cycle, naming the row, and changes nothing', async () => {
    await save({ version: 1, categories: [group([price(10)], { id: f.categoryId })] });
    const before = await read();
    const response = await save({ version: 2, categories: [group([price(0, { formula: '[1]' }), price(0, { formula: '[0]+1' })], { id: f.categoryId })] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ msg: expect.stringMatching(/^Row 0 .*ircular/), path: 'categories.0.prices.0.gross' });
    expect(await read()).toEqual(before);
  });

  it('refuses a syntax error and a reference to itself', async () => {
    for (const formula of ['5+*3', '[0]*2']) {
      const response = await save({ version: 1, categories: [group([price(0, { formula })])] });
      expect(response.statusCode, formula).toBe(400);
    }
  });

  it('refuses a reference past the last row (issue 19; tests/api/pricing-stall-limits.test.ts has the rest)', async () => {
    const response = await save({ version: 1, categories: [group([price(0, { formula: '[7]+20' })])] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].msg).toMatch(/Refers to row 7, beyond the last row \(0\)$/);
  });

  it('refuses a stale version with 409 and keeps the other save', async () => {
    expect((await save({ version: 1, categories: [group([price(100)])] })).statusCode).toBe(200);
    const stale = await save({ version: 1, categories: [group([price(999)])] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].msg).toContain('changed by someone else');
    expect((await read()).categories[0].prices[0].gross).toBe(100);
  });

  it('keeps the season unchanged when one row of the save is invalid', async () => {
    await save({ version: 1, categories: [group([price(100), price(200)])] });
    const before = await read();
    const response = await save({ version: 2, categories: [group([price(300), price(0, { room_type_id: 987654 })])] });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toContain('room_type_id 987654');
    expect(await read()).toEqual(before);
  });

  it('deletes queued groups and refuses groups of another season', async () => {
    const other = await createPricingFixture(t.db);
    const foreign = await save({ version: 1, categories: [group([], { id: other.categoryId })] });
    expect(foreign.statusCode).toBe(400);
    const response = await save({ version: 1, categories: [group([price(1)])], removed_category_ids: [f.categoryId] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories.map((category) => category.id)).not.toContain(f.categoryId);
  });

  it('adds and updates single groups, renumbering references in the other groups', async () => {
    await save({ version: 1, categories: [group([price(100), price(200)], { id: f.categoryId }), group([price(5)])] });
    const created = await t.app.inject({ method: 'POST', url: url(), headers: t.auth, payload: { version: 2, ...group([price(0, { formula: '[2]*2' })]) } });
    expect(created.statusCode).toBe(201);
    const { category, version } = created.json<{ category: { id: number; prices: { gross: number }[] }; version: number }>();
    expect(category.prices[0].gross).toBe(10);
    const grown = await t.app.inject({
      method: 'PUT',
      url: `${url()}/${f.categoryId}`,
      headers: t.auth,
      payload: { version, ...group([price(100), price(200), price(300)]) },
    });
    expect(grown.statusCode).toBe(200);
    const last = (await read()).categories[2].prices[0];
    expect(last).toMatchObject({ formula: '[3]*2', gross: 10 });
  });

  it('refuses to shrink a group when another row refers to a row that would go', async () => {
    await save({ version: 1, categories: [group([price(100), price(200)], { id: f.categoryId }), group([price(0, { formula: '[1]+1' })])] });
    const shrunk = await t.app.inject({ method: 'PUT', url: `${url()}/${f.categoryId}`, headers: t.auth, payload: { version: 2, ...group([price(100)]) } });
    expect(shrunk.statusCode).toBe(400);
    expect((await read()).categories[1].prices[0]).toMatchObject({ formula: '[1]+1', gross: 201 });
  });

  it('stores every row of a mixed save at the net and cost the price engine gives', async () => {
    const response = await save({
      version: 1,
      categories: [
        group([price(675), price(500, { non_com: 100, adjustment: 12, markup_rate_id: f.rates.r10 })], { id: f.categoryId }),
        group([price(0, { formula: '[1]*1.1', markup_rate_id: f.rates.r0 })]),
      ],
    });
    expect(response.statusCode).toBe(200);
    const { stored, engine } = await storedAndEngineCosts(t.db, 'prices', f.tourSeasonId);
    expect(stored).toHaveLength(3);
    expect(stored).toEqual(engine);
  });

  it('answers 409 to a single-group save, add or delete made from a stale version, and changes nothing', async () => {
    await save({ version: 1, categories: [group([price(100)], { id: f.categoryId }), group([price(5)])] });
    const before = await read();
    const stale = [
      await t.app.inject({ method: 'PUT', url: `${url()}/${f.categoryId}`, headers: t.auth, payload: { version: 1, ...group([price(999)]) } }),
      await t.app.inject({ method: 'DELETE', url: `${url()}/${f.categoryId}?version=1`, headers: t.auth }),
      await t.app.inject({ method: 'POST', url: url(), headers: t.auth, payload: { version: 1, ...group([price(7)]) } }),
    ];
    expect(stale.map((response) => response.statusCode)).toEqual([409, 409, 409]);
    expect(stale.map((response) => response.json().errors[0].path)).toEqual(['version', 'version', 'version']);
    expect(await read()).toEqual(before);
  });

  it('answers 404 to a single-group save or delete of a group the season does not have', async () => {
    const other = await createPricingFixture(t.db);
    const put = await t.app.inject({ method: 'PUT', url: `${url()}/${other.categoryId}`, headers: t.auth, payload: { version: 1, ...group([price(1)]) } });
    const remove = await t.app.inject({ method: 'DELETE', url: `${url()}/${other.categoryId}?version=1`, headers: t.auth });
    expect([put.statusCode, remove.statusCode]).toEqual([404, 404]);
    expect((await read()).tour_season.version).toBe(1);
  });

  it.each([
    ['a gross that is not a number', () => [group([price(100), { ...price(0), gross: '12O' }])], 'categories.0.prices.1.gross'],
    ['a date that is not in the calendar', () => [group([price(100)], { start: '2026-02-30' })], 'categories.0.start'],
    ['a restricted weekday past Saturday', () => [group([price(100)], { restricted_days: [1, 7] })], 'categories.0.restricted_days.1'],
    ['guidance that is neither true, false nor null', () => [group([price(100)], { guided: 'yes' })], 'categories.0.guided'],
    ['a price of another season', () => [group([{ ...price(100), id: 999_999 }])], 'categories.0.prices.0.id'],
  ])('refuses %s and changes nothing', async (_label, categories, path) => {
    await save({ version: 1, categories: [group([price(100), price(200)], { id: f.categoryId })] });
    const before = await read();
    const response = await save({ version: 2, categories: categories() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((item: { path?: string }) => item.path)).toContain(path);
    expect(await read()).toEqual(before);
  });

  it('refuses a single-group save with bad input and changes nothing', async () => {
    await save({ version: 1, categories: [group([price(100)], { id: f.categoryId })] });
    const before = await read();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${url()}/${f.categoryId}`,
      headers: t.auth,
      payload: { version: 2, ...group([price(100)], { nights: -1 }) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('nights');
    expect(await read()).toEqual(before);
  });

  it('refuses to delete a group that other rows refer to, and deletes one nobody uses', async () => {
    await save({ version: 1, categories: [group([price(100)], { id: f.categoryId }), group([price(0, { formula: '[0]+1' })])] });
    const refused = await t.app.inject({ method: 'DELETE', url: `${url()}/${f.categoryId}?version=2`, headers: t.auth });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].msg).toContain('deleted row');
    const pricing = await read();
    const last = pricing.categories[1].id;
    const deleted = await t.app.inject({ method: 'DELETE', url: `${url()}/${last}?version=${pricing.tour_season.version}`, headers: t.auth });
    expect(deleted.statusCode).toBe(200);
    expect((await read()).categories.map((entry) => entry.id)).toEqual([f.categoryId]);
  });
});
