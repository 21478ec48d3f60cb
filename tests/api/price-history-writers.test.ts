import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { ChangeSet, ChangeSetSummary } from '../../src/domain/pricing/price-history.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import { TEST_STAFF_EMAIL } from '../helpers/test-app.js';

// Every save that changes stored prices, beside the pricing tab's (price-history.test.ts), writes
// one change set: bikes, supplements, a model's rate change, a currency rate change.

const c = pricingTestContext({ make: createPricedFixture });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const seasonSets = async () => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}`)).json<ChangeSetSummary[]>();
const setDetail = async (id: number) => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}/sets/${id}`)).json<ChangeSet>();
const version = async () => (await c.t.db.selectFrom('tour_seasons').select('version').where('id', '=', c.f.tourSeasonId).executeTakeFirstOrThrow()).version;

describe('the price history of every price-writing save', () => {
  it('records a bike save: the changed gross with its new cost, the untouched bike left out', async () => {
    const stored = (await call('GET', `tour-bikes/${c.f.tourId}/${c.f.seasonId}`)).json<{ bikes: { id: number; gross: number; cost: number }[] }>().bikes;
    const before = (await seasonSets()).length;
    const response = await call('PUT', `tour-bikes/${c.f.tourId}/${c.f.seasonId}`, {
      version: await version(),
      bikes: [
        { id: stored[0].id, bike_id: c.f.bikeId, gross: 150, markup_rate_id: c.f.rates.r20 },
        { bike_id: c.f.bikeId, gross: 90, markup_rate_id: c.f.rates.r20 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sets = await seasonSets();
    expect(sets).toHaveLength(before + 1);
    expect(sets[0]).toMatchObject({ source: 'bikes', row_count: 2, author: TEST_STAFF_EMAIL });
    const detail = await setDetail(sets[0].id);
    expect(detail.changes.map((change) => [change.kind, change.before?.gross ?? null, change.after?.gross ?? null])).toEqual([
      ['bike', 120, 150],
      ['bike', null, 90],
    ]);
    expect(detail.changes[0].after!.cost).toBeGreaterThan(detail.changes[0].before!.cost);
  });

  it('records a supplement with its variations as one change set, and their removal with the extra', async () => {
    const created = await call('POST', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`, {
      version: await version(),
      name: 'Airport transfer',
      guidance: 2,
      nights: 7,
      order: 1,
      variations: [
        { gross: 100, markup_rate_id: c.f.rates.r20 },
        { gross: 0, formula: '[0]+20', markup_rate_id: c.f.rates.r20 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [added] = await seasonSets();
    expect(added).toMatchObject({ source: 'extras', row_count: 2 });
    expect((await setDetail(added.id)).changes.map((change) => [change.kind, change.after?.gross, change.after?.formula])).toEqual([
      ['party_extra_variation', 100, null],
      ['party_extra_variation', 120, '[0]+20'],
    ]);
    const { extra, version: next } = created.json<{ extra: { id: number }; version: number }>();
    expect((await call('DELETE', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party/${extra.id}?version=${next}`)).statusCode).toBe(200);
    const [removed] = await seasonSets();
    expect(removed.row_count).toBe(2);
    expect((await setDetail(removed.id)).changes.every((change) => change.after === null && change.before !== null)).toBe(true);
  });

  it('records a model rate change over every row on that rate, gross unchanged and cost moved, as one change set', async () => {
    const model = (await call('GET', `models/${c.f.seasonId}/${c.f.modelId}`)).json<MarkupModel>();
    const rates = model.rates.map((rate) =>
      rate.id === c.f.rates.r20 ? { ...rate, markup: rate.markup + 0.1, supplement_markup: rate.supplement_markup + 0.1 } : rate,
    );
    const before = (await seasonSets()).length;
    const response = await call('PUT', `models/${c.f.seasonId}/${c.f.modelId}`, {
      model: { name: model.name, version: model.version, rates },
      removedRatesIds: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sets = await seasonSets();
    expect(sets).toHaveLength(before + 1);
    expect(sets[0].source).toBe('rates');
    const detail = await setDetail(sets[0].id);
    // The fixture has two prices and one bike on the 20% rate.
    expect(detail.changes.map((change) => change.kind).sort()).toEqual(['bike', 'price', 'price']);
    for (const change of detail.changes) {
      expect(change.after!.gross).toBe(change.before!.gross);
      expect(change.after!.cost).toBeGreaterThan(change.before!.cost);
    }
    expect(detail.changes.find((change) => change.before?.formula === '[0]+25')).toBeDefined();
  });

  it('records a currency rate change of the season as one change set', async () => {
    const before = (await seasonSets()).length;
    const currency = await c.t.db.selectFrom('currencies').select('version').where('id', '=', c.f.currencyId).executeTakeFirstOrThrow();
    const response = await call('PUT', `currencies/${c.f.currencyId}/${c.f.seasonId}`, { rate: 1.2, version: currency.version });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const sets = await seasonSets();
    expect(sets).toHaveLength(before + 1);
    expect(sets[0]).toMatchObject({ source: 'rates', row_count: 5 });
  });
});
