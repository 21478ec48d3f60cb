import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { ChangeSetSummary, PriceChangeSet } from '../../src/domain/pricing/price-history.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import { TEST_STAFF_EMAIL } from '../helpers/test-app.js';

// Every save that changes stored prices, beside the pricing tab's (price-history.test.ts), writes
// one change set: bikes, supplements, a model's rate change, a currency rate change.

const c = pricingTestContext({ make: createPricedFixture });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const seasonSets = async () => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}`)).json<ChangeSetSummary[]>();
const setDetail = async (id: number) => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}/sets/${id}`)).json<PriceChangeSet>();
const kindSets = async (kind: string) => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}?kind=${kind}`)).json<ChangeSetSummary[]>();
const grossChanges = (set: PriceChangeSet) => set.changes.map((change) => [change.kind, change.before?.gross ?? null, change.after?.gross ?? null]);
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
    expect(added).toMatchObject({ source: 'supplements', row_count: 2 });
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

  it('records a season-wide supplements save as one change set: the changed variation and the removed extra, the unchanged row left out', async () => {
    const variation = (gross: number) => ({ gross, markup_rate_id: c.f.rates.r20 });
    const supplement = (name: string, variations: object[]) => ({ name, guidance: 2, nights: 7, order: 1, variations });
    const first = await call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`, {
      version: await version(),
      extras: [supplement('Transfer', [variation(100), variation(40)]), supplement('Ferry', [variation(25)])],
      removed_ids: [],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [created] = await seasonSets();
    expect(created).toMatchObject({ source: 'supplements', row_count: 3, author: TEST_STAFF_EMAIL });
    type Stored = { id: number; variations: { id: number; gross: number; cost: number }[] };
    const { extras, tour_season } = first.json<{ extras: Stored[]; tour_season: { version: number } }>();
    const [transfer, ferry] = extras;
    const count = (await seasonSets()).length;

    const second = await call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`, {
      version: tour_season.version,
      extras: [
        {
          ...supplement('Transfer', [
            { ...variation(130), id: transfer.variations[0].id },
            { ...variation(40), id: transfer.variations[1].id },
          ]),
          id: transfer.id,
        },
      ],
      removed_ids: [ferry.id],
    });
    expect(second.statusCode, second.body).toBe(200);
    const sets = await seasonSets();
    expect(sets).toHaveLength(count + 1);
    expect(sets[0]).toMatchObject({ source: 'supplements', row_count: 2 });
    const detail = await setDetail(sets[0].id);
    expect(grossChanges(detail)).toEqual([
      ['party_extra_variation', 25, null],
      ['party_extra_variation', 100, 130],
    ]);
    expect(detail.changes.map((change) => change.row_id)).toEqual([ferry.variations[0].id, transfer.variations[0].id]);
    expect(detail.changes[1].before!.cost).toBe(transfer.variations[0].cost);
    expect(detail.changes[1].after!.cost).toBeGreaterThan(detail.changes[1].before!.cost);

    // Saving again unchanged writes nothing.
    const again = await call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`, {
      version: second.json<{ tour_season: { version: number } }>().tour_season.version,
      extras: second.json<{ extras: Stored[] }>().extras.map((extra) => ({
        ...supplement(
          'Transfer',
          extra.variations.map((v) => ({ ...variation(v.gross), id: v.id })),
        ),
        id: extra.id,
      })),
      removed_ids: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await seasonSets()).toHaveLength(count + 1);

    // The supplements tab lists its own change sets only, counted over its rows.
    expect((await kindSets('party_extra_variation')).map((set) => [set.id, set.row_count])).toEqual([
      [sets[0].id, 2],
      [created.id, 3],
    ]);
    expect((await kindSets('price')).map((set) => set.id)).not.toContain(sets[0].id);
  });

  it('records each extra night save (create, save one, add a variation) as one change set of its own source', async () => {
    const night = (gross: number) => ({ start: '2026-04-01', end: '2026-10-31', room_type_id: c.f.roomTypeId, gross, markup_rate_id: c.f.rates.r20 });
    const created = await call('POST', `tour-extras/${c.f.tourId}/${c.f.seasonId}/room`, {
      version: await version(),
      name: 'Extra night in Constance',
      pre: true,
      post: false,
      variations: [night(80)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { extra, version: afterCreate } = created.json<{ extra: { id: number; variations: { id: number }[] }; version: number }>();
    const saved = await call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/room/${extra.id}`, {
      version: afterCreate,
      name: 'Extra night in Constance',
      pre: true,
      post: true,
      variations: [{ ...night(95), id: extra.variations[0].id }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await call('POST', `tour-extras/${c.f.tourId}/${c.f.seasonId}/room/${extra.id}`, {
      version: saved.json<{ version: number }>().version,
      ...night(60),
    });
    expect(added.statusCode, added.body).toBe(201);
    const sets = await kindSets('room_extra_variation');
    expect(sets.map((set) => [set.source, set.row_count])).toEqual([
      ['extra_nights', 1],
      ['extra_nights', 1],
      ['extra_nights', 1],
    ]);
    expect(grossChanges(await setDetail(sets[1].id))).toEqual([['room_extra_variation', 80, 95]]);
    expect(grossChanges(await setDetail(sets[0].id))).toEqual([['room_extra_variation', null, 60]]);
  });

  it('records a reductions save as one change set of the amounts (percent, cost): added, changed and removed rows', async () => {
    const url = `tour-reductions/${c.f.tourId}/${c.f.seasonId}`;
    type Saved = { reductions: { id: number; percent: number | null; cost: number | null }[]; tour_season: { version: number } };
    const first = await call('PUT', url, {
      version: await version(),
      reductions: [
        { order: 1, percent: 100, output_max: 5 },
        { order: 2, percent: 50, cost: 12.5, output_min: 6, output_max: 13 },
      ],
      removed_ids: [],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [created] = await kindSets('reduction');
    // Reduction amounts are not costs: the change set moves no cost.
    expect(created).toMatchObject({ source: 'reductions', row_count: 2, cost_change: 0, author: TEST_STAFF_EMAIL });
    const [free, half] = first.json<Saved>().reductions;
    expect((await setDetail(created.id)).changes).toEqual([
      { tour_season_id: c.f.tourSeasonId, kind: 'reduction', row_id: free.id, before: null, after: { percent: 100, cost: null } },
      { tour_season_id: c.f.tourSeasonId, kind: 'reduction', row_id: half.id, before: null, after: { percent: 50, cost: 12.5 } },
    ]);

    // A changed percent is recorded; a changed age range is not an amount and is left out.
    const second = await call('PUT', url, {
      version: first.json<Saved>().tour_season.version,
      reductions: [
        { id: free.id, order: 1, percent: 75, output_max: 5 },
        { id: half.id, order: 2, percent: 50, cost: 12.5, output_min: 7, output_max: 13 },
      ],
      removed_ids: [],
    });
    expect(second.statusCode, second.body).toBe(200);
    const sets = await kindSets('reduction');
    expect(sets).toHaveLength(2);
    expect((await setDetail(sets[0].id)).changes.map((change) => [change.row_id, change.before, change.after])).toEqual([
      [free.id, { percent: 100, cost: null }, { percent: 75, cost: null }],
    ]);

    // One row's save and its removal write one change set each.
    const one = await call('PUT', `${url}/${half.id}`, { version: second.json<Saved>().tour_season.version, order: 2, percent: 40, cost: null });
    expect(one.statusCode, one.body).toBe(200);
    const removed = await call('DELETE', `${url}/${half.id}?version=${one.json<{ version: number }>().version}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const last = await kindSets('reduction');
    expect(last).toHaveLength(4);
    expect((await setDetail(last[1].id)).changes.map((change) => [change.before, change.after])).toEqual([
      [
        { percent: 50, cost: 12.5 },
        { percent: 40, cost: null },
      ],
    ]);
    expect((await setDetail(last[0].id)).changes.map((change) => [change.row_id, change.before, change.after])).toEqual([
      [half.id, { percent: 40, cost: null }, null],
    ]);
    // The cell history of a reduction names both of its saves.
    const rowHistory = (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}/rows/reduction/${free.id}`)).json<{ after: object | null }[]>();
    expect(rowHistory.map((entry) => entry.after)).toEqual([
      { percent: 75, cost: null },
      { percent: 100, cost: null },
    ]);
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
