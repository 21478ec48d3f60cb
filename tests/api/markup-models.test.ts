import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarkupModel, MarkupModelSaveResult, MarkupRateInput } from '../../src/domain/models/markup-model.js';
import type { RateChangePreview } from '../../src/domain/models/rate-change-preview.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import type { PricingFixture } from '../helpers/pricing-fixtures.js';
import { storedAndEngineCosts } from '../helpers/stored-price-check.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  f = await createPricedFixture(t);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: t.auth, payload });
const readModel = async () => (await call('GET', `models/${f.seasonId}/${f.modelId}`)).json<MarkupModel>();
const asEdit = (model: MarkupModel, rates: MarkupRateInput[] = model.rates) => ({ name: model.name, version: model.version, rates });
const ratesOf = async (table: 'tour_prices' | 'tour_bikes') =>
  (await t.db.selectFrom(table).select(['id', 'markup_rate_id']).where('tour_season_id', '=', f.tourSeasonId).orderBy('id').execute()).map(
    (row) => row.markup_rate_id,
  );

describe('markup models', () => {
  it('lists models per season with their rates', async () => {
    const all = (await call('GET', 'models')).json<MarkupModel[]>();
    expect(all.map((model) => model.id)).toContain(f.modelId);
    const ofSeason = (await call('GET', `models/${f.seasonId}`)).json<MarkupModel[]>();
    expect(ofSeason).toEqual([expect.objectContaining({ id: f.modelId, season_id: f.seasonId, version: 1 })]);
    expect(ofSeason[0].rates.map((rate) => rate.commission)).toEqual([20, 10, 0]);
  });

  it('creates a model with a name and rates, and refuses one without a name', async () => {
    const created = await call('POST', 'models', {
      name: 'Partner rates',
      season_id: f.seasonId,
      rates: [{ commission: 15, markup: 1.3, supplement_markup: 1.1 }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<MarkupModel>()).toMatchObject({
      name: 'Partner rates',
      season_id: f.seasonId,
      rates: [{ commission: 15, markup: 1.3, supplement_markup: 1.1 }],
    });
    const nameless = await call('POST', 'models', { name: ' ', season_id: f.seasonId });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors[0]).toMatchObject({ msg: 'Name is required', path: 'name' });
  });

  it('adds a default rate of 0, 0, 0 and bumps the version', async () => {
    const response = await call('POST', `models/${f.seasonId}/${f.modelId}`);
    expect(response.statusCode).toBe(201);
    const { rate, model } = response.json<{ rate: MarkupModel['rates'][number]; model: MarkupModel }>();
    expect(rate).toMatchObject({ commission: 0, markup: 0, supplement_markup: 0 });
    expect(model.version).toBe(2);
    expect(model.rates.at(-1)).toEqual(rate);
  });

  it('saves a markup change and reprices every price and bike of the model as the engine does', async () => {
    const model = await readModel();
    const rates = model.rates.map((rate) => (rate.id === f.rates.r20 ? { ...rate, markup: 1.4, supplement_markup: 1.25 } : rate));
    const response = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: asEdit(model, rates), removedRatesIds: [] });
    expect(response.statusCode).toBe(200);
    const result = response.json<MarkupModelSaveResult>();
    expect(result.model.version).toBe(2);
    expect(result.repriced).toEqual({ prices: 2, bikes: 1, extras: 0 });
    for (const list of ['prices', 'bikes'] as const) {
      const { stored, engine } = await storedAndEngineCosts(t.db, list, f.tourSeasonId);
      expect(stored).toEqual(engine);
    }
    // 675 at 20%: net 540, subtotal ROUNDUP(540 / 1.1 * 1.4) = 688.
    const first = await t.db.selectFrom('tour_prices').select('cost').where('tour_season_id', '=', f.tourSeasonId).orderBy('id').executeTakeFirstOrThrow();
    expect(first.cost).toBe(688);
  });

  it('previews a change with the counts and cost the save then stores, writing nothing', async () => {
    const model = await readModel();
    const rates = model.rates.map((rate) => (rate.id === f.rates.r20 ? { ...rate, markup: 1.4 } : rate));
    const preview = (
      await call('POST', `models/${f.seasonId}/${f.modelId}/preview`, { model: asEdit(model, rates), removedRatesIds: [] })
    ).json<RateChangePreview>();
    expect(preview).toMatchObject({ prices: 2, bikes: 0, extras: 0, tour_seasons: 1 });
    expect((await readModel()).version).toBe(1);
    const [impact] = preview.by_tour_code;
    const saved = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: asEdit(model, rates), removedRatesIds: [] });
    expect(saved.statusCode).toBe(200);
    const costs = await t.db
      .selectFrom('tour_prices')
      .select('cost')
      .where('tour_season_id', '=', f.tourSeasonId)
      .where('markup_rate_id', '=', f.rates.r20)
      .execute();
    expect(costs.reduce((total, row) => total + row.cost, 0)).toBe(impact.cost_after);
  });

  it('moves the prices of a removed rate to the rate with the same commission and says how many moved', async () => {
    const model = await readModel();
    const twin = { commission: 10, markup: 1.5, supplement_markup: 1.3 };
    const response = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: asEdit(model, [...model.rates, twin]), removedRatesIds: [f.rates.r10] });
    expect(response.statusCode).toBe(200);
    const result = response.json<MarkupModelSaveResult>();
    expect(result.moved).toBe(1);
    const twinId = result.model.rates.find((rate) => rate.commission === 10)!.id;
    expect(result.model.rates.map((rate) => rate.id)).not.toContain(f.rates.r10);
    expect(await ratesOf('tour_prices')).toEqual([f.rates.r20, twinId, f.rates.r0, f.rates.r20]);
    const { stored, engine } = await storedAndEngineCosts(t.db, 'prices', f.tourSeasonId);
    expect(stored).toEqual(engine);
  });

  it('moves the prices and bikes of a removed rate without a twin to the 0% rate', async () => {
    const model = await readModel();
    const response = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: asEdit(model), removedRatesIds: [f.rates.r20] });
    expect(response.json<MarkupModelSaveResult>().moved).toBe(3);
    expect(await ratesOf('tour_prices')).toEqual([f.rates.r0, f.rates.r10, f.rates.r0, f.rates.r0]);
    expect(await ratesOf('tour_bikes')).toEqual([f.rates.r0]);
    const { stored, engine } = await storedAndEngineCosts(t.db, 'bikes', f.tourSeasonId);
    expect(stored).toEqual(engine);
  });

  it('refuses to remove used rates that have nowhere to go, naming them comma-separated, and changes nothing', async () => {
    const model = await readModel();
    const before = await ratesOf('tour_prices');
    const response = await call('PUT', `models/${f.seasonId}/${f.modelId}`, {
      model: asEdit(
        model,
        model.rates.map((rate) => ({ ...rate, markup: 2 })),
      ),
      removedRatesIds: [f.rates.r20, f.rates.r0],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toMatch(new RegExp(`: ${f.rates.r20},${f.rates.r0}$`));
    expect(await readModel()).toEqual(model);
    expect(await ratesOf('tour_prices')).toEqual(before);
  });

  it('refuses a stale version with 409 and keeps the other save', async () => {
    const model = await readModel();
    const first = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: { ...asEdit(model), name: 'First' }, removedRatesIds: [] });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: { ...asEdit(model), name: 'Second' }, removedRatesIds: [] });
    expect(second.statusCode).toBe(409);
    expect((await readModel()).name).toBe('First');
  });

  it('refuses rates of another model', async () => {
    const other = (
      await call('POST', 'models', { name: 'Other', season_id: f.seasonId, rates: [{ commission: 5, markup: 1, supplement_markup: 1 }] })
    ).json<MarkupModel>();
    const model = await readModel();
    const response = await call('PUT', `models/${f.seasonId}/${f.modelId}`, { model: asEdit(model), removedRatesIds: [other.rates[0].id] });
    expect(response.statusCode).toBe(400);
  });

  it('deletes an unused model and refuses one that prices tour seasons', async () => {
    const spare = (
      await call('POST', 'models', { name: 'Spare', season_id: f.seasonId, rates: [{ commission: 0, markup: 1, supplement_markup: 1 }] })
    ).json<MarkupModel>();
    expect((await call('DELETE', `models/${spare.id}`)).statusCode).toBe(200);
    expect((await call('GET', `models/${f.seasonId}/${spare.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `models/${f.modelId}`)).statusCode).toBe(409);
  });
});

describe('notes', () => {
  it('stores a note as the logged-in user and lists it first', async () => {
    const created = await call('POST', 'notes', { note: 'Euro rate agreed for next season' });
    expect(created.statusCode).toBe(201);
    const users = await t.db.selectFrom('users').select(['id']).execute();
    expect(users.map((user) => user.id)).toContain(created.json().user_id);
    const notes = (await call('GET', 'notes')).json<{ note: string }[]>();
    expect(notes[0].note).toBe('Euro rate agreed for next season');
    expect((await call('POST', 'notes', { note: '' })).statusCode).toBe(400);
  });
});
