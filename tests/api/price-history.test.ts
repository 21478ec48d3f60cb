import { describe, expect, it } from 'vitest';
import type { ChangeSetSummary, PriceChangeSet } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import { TEST_STAFF_EMAIL } from '../helpers/test-app.js';

// The tests build on each other: one tour season for the file.
const c = pricingTestContext({ perFile: true });

const pricingUrl = () => `/api/v1/tour-pricing/${c.f.tourId}/${c.f.seasonId}`;
const historyUrl = (rest = '') => `/api/v1/price-history/${c.f.tourId}/${c.f.seasonId}${rest}`;
const get = async <T>(url: string) => {
  const response = await c.t.app.inject({ method: 'GET', url, headers: c.t.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const save = (body: unknown) => c.t.app.inject({ method: 'PUT', url: pricingUrl(), headers: c.t.auth, payload: body as object });
const asSave = (pricing: SeasonPricing) => ({
  version: pricing.tour_season.version,
  categories: pricing.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _net, cost: _cost, ...price }) => price) })),
});
const changeSetCount = async () =>
  Number(
    (
      await c.t.db
        .selectFrom('price_change_sets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the price history of a season save', () => {
  let saved: SeasonPricing;

  it('records the first save as one change set of new rows, by the staff member who saved', async () => {
    const price = (gross: number) => ({ room_type_id: c.f.roomTypeId, gross, markup_rate_id: c.f.rates.r20 });
    const response = await save({
      version: 1,
      categories: [{ start: '2026-05-01', end: '2026-06-30', nights: 7, prices: [price(100), price(200), price(300), price(400)] }],
    });
    expect(response.statusCode).toBe(200);
    saved = response.json<SeasonPricing>();
    const sets = await get<ChangeSetSummary[]>(historyUrl());
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ author: TEST_STAFF_EMAIL, source: 'pricing', row_count: 4 });
    const costs = saved.categories[0].prices.reduce((total, row) => total + Math.round(row.cost * 100), 0) / 100;
    expect(sets[0].cost_change).toBe(costs);
    const detail = await get<PriceChangeSet>(historyUrl(`/sets/${sets[0].id}`));
    expect(detail.changes.map((change) => change.before)).toEqual([null, null, null, null]);
    expect(detail.changes.map((change) => change.after?.gross)).toEqual([100, 200, 300, 400]);
  });

  it('records three edited cells with their before and after, inputs and results, and nothing for the untouched row', async () => {
    const body = asSave(saved);
    const [a, b, c] = body.categories[0].prices;
    a.gross = 150;
    b.formula = '[0]+10';
    c.adjustment = 5;
    const response = await save(body);
    expect(response.statusCode).toBe(200);
    const after = response.json<SeasonPricing>().categories[0].prices;
    const [latest] = await get<ChangeSetSummary[]>(historyUrl());
    expect(latest.row_count).toBe(3);
    const detail = await get<PriceChangeSet>(historyUrl(`/sets/${latest.id}`));
    expect(detail.changes.map((change) => change.row_id)).toEqual([a.id, b.id, c.id]);
    expect(detail.changes[0].before).toMatchObject({ gross: 100, net: saved.categories[0].prices[0].net, cost: saved.categories[0].prices[0].cost });
    expect(detail.changes[0].after).toMatchObject({ gross: 150, net: after[0].net, cost: after[0].cost });
    expect(detail.changes[1].before).toMatchObject({ formula: null, gross: 200 });
    expect(detail.changes[1].after).toMatchObject({ formula: '[0]+10', gross: 160 });
    expect(detail.changes[2].before?.adjustment).toBe(0);
    expect(detail.changes[2].after?.adjustment).toBe(5);
    const expectedCostChange =
      [0, 1, 2].reduce((total, i) => total + Math.round(after[i].cost * 100) - Math.round(saved.categories[0].prices[i].cost * 100), 0) / 100;
    expect(latest.cost_change).toBe(expectedCostChange);
    saved = response.json<SeasonPricing>();
  });

  it('records a removed row with its before, and the cell history lists both saves of a row, newest first', async () => {
    const body = asSave(saved);
    const removed = body.categories[0].prices.pop()!;
    const response = await save(body);
    expect(response.statusCode).toBe(200);
    const [latest] = await get<ChangeSetSummary[]>(historyUrl());
    const detail = await get<PriceChangeSet>(historyUrl(`/sets/${latest.id}`));
    expect(detail.changes).toEqual([expect.objectContaining({ row_id: removed.id, after: null, before: expect.objectContaining({ gross: 400 }) })]);
    const history = await get<{ before: unknown; after: { gross: number } | null }[]>(historyUrl(`/rows/price/${saved.categories[0].prices[0].id}`));
    expect(history.map((entry) => entry.after?.gross)).toEqual([150, 100]);
    saved = response.json<SeasonPricing>();
  });

  it('writes no change set for a save that changes no price, nor for a refused or stale save', async () => {
    const before = await changeSetCount();
    const same = await save(asSave(saved));
    expect(same.statusCode).toBe(200);
    const current = same.json<SeasonPricing>();
    const bad = asSave(current);
    bad.categories[0].prices[0].gross = 999;
    bad.categories[0].prices[1].formula = '[0]+';
    expect((await save(bad)).statusCode).toBe(400);
    const stale = asSave(current);
    stale.categories[0].prices[0].gross = 999;
    stale.version -= 1;
    expect((await save(stale)).statusCode).toBe(409);
    expect(await changeSetCount()).toBe(before);
  });

  it('lists change sets for managers by tour, season, user and dates, and refuses a bad filter', async () => {
    const all = await get<ChangeSetSummary[]>(`/api/v1/price-history?tour=${c.f.tourId}&season=${c.f.seasonId}`);
    expect(all.length).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(await get<ChangeSetSummary[]>(`/api/v1/price-history?from=${today}&to=${today}`)).toHaveLength(3);
    expect(await get<ChangeSetSummary[]>('/api/v1/price-history?from=2001-01-01&to=2001-12-31')).toEqual([]);
    expect(await get<ChangeSetSummary[]>(`/api/v1/price-history?tour=${c.f.tourId + 1000}`)).toEqual([]);
    const me = await c.t.db.selectFrom('users').select('id').where('email_address', '=', TEST_STAFF_EMAIL).executeTakeFirstOrThrow();
    expect(await get<ChangeSetSummary[]>(`/api/v1/price-history?user=${me.id}`)).toHaveLength(3);
    expect(await get<ChangeSetSummary[]>(`/api/v1/price-history?user=${me.id + 1}`)).toEqual([]);
    const bad = await c.t.app.inject({ method: 'GET', url: '/api/v1/price-history?from=2026-02-30', headers: c.t.auth });
    expect(bad.statusCode).toBe(400);
  });
});
