import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { ChangeSet, RollbackResult } from '../../src/domain/pricing/price-history.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import type { PricingFixture } from '../helpers/pricing-fixtures.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

// Rolling back a /pgt bulk change (issue 22): the rates it changed are put back and every season it
// repriced is recomputed, in one transaction, or refused with 409 naming the seasons changed since.

const c = pricingTestContext({ make: createPricedFixture });

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const rollback = (changeSetId: number) => call('POST', `price-history/${changeSetId}/rollback`);

let tours = 0;

/** A second tour sold in the fixture's season on the same model and currency, with prices of its own. */
async function secondTourSeason(f: PricingFixture): Promise<{ tourSeasonId: number; tourName: string; save: (gross: number) => Promise<void> }> {
  const tourName = `Second tour ${++tours}`;
  const tour = await c.t.db
    .insertInto('tours')
    .values({ name: tourName, slug: `second-tour-${tours}-${Date.now()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tourSeason = await c.t.db
    .insertInto('tour_seasons')
    .values({ tour_id: tour.id, season_id: f.seasonId, deposit: 100, markup_model_id: f.modelId, currency_id: f.currencyId, live: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const save = async (gross: number) => {
    // A rates change bumps the season's version: read it as a clerk opening the season would.
    const { version } = await c.t.db.selectFrom('tour_seasons').select('version').where('id', '=', tourSeason.id).executeTakeFirstOrThrow();
    const price = (markup_rate_id: number) => ({ room_type_id: f.roomTypeId, gross, non_com: 0, adjustment: 0, markup_rate_id, formula: null });
    const response = await call('PUT', `tour-pricing/${tour.id}/${f.seasonId}`, {
      version,
      categories: [{ start: '2026-05-01', end: '2026-09-30', nights: 7, prices: [price(f.rates.r20), price(f.rates.r10)] }],
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await save(812.4);
  return { tourSeasonId: tourSeason.id, tourName, save };
}

/** Every stored price and bike of these tour seasons with its net and cost, in id order. */
async function storedPrices(tourSeasonIds: number[]) {
  const prices = await c.t.db
    .selectFrom('tour_prices')
    .select(['id', 'tour_season_id', 'net', 'cost'])
    .where('tour_season_id', 'in', tourSeasonIds)
    .orderBy('id')
    .execute();
  const bikes = await c.t.db
    .selectFrom('tour_bikes')
    .select(['id', 'tour_season_id', 'net', 'cost'])
    .where('tour_season_id', 'in', tourSeasonIds)
    .orderBy('id')
    .execute();
  return { prices, bikes };
}

const modelRates = async () =>
  c.t.db
    .selectFrom('markup_rates')
    .select(['id', 'commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', '=', c.f.modelId)
    .orderBy('id')
    .execute();
const changeSetIds = async () => (await c.t.db.selectFrom('price_change_sets').select('id').orderBy('id').execute()).map((set) => set.id);

/** Raises the 20% and 10% rates' markups on /pgt; returns the id of the 'rates' change set it wrote. */
async function changeModel(by: number): Promise<number> {
  const model = (await call('GET', `models/${c.f.seasonId}/${c.f.modelId}`)).json<MarkupModel>();
  const rates = model.rates.map((rate) =>
    rate.id === c.f.rates.r0 ? rate : { ...rate, markup: rate.markup + by, supplement_markup: rate.supplement_markup + by },
  );
  const response = await call('PUT', `models/${c.f.seasonId}/${c.f.modelId}`, {
    model: { name: model.name, version: model.version, rates },
    removedRatesIds: [],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (await changeSetIds()).at(-1)!;
}

describe('rolling back a /pgt rates change', () => {
  it("restores every touched season's net and cost to the penny and the model's rates, as one new change set", async () => {
    const second = await secondTourSeason(c.f);
    const seasons = [c.f.tourSeasonId, second.tourSeasonId];
    const pricesBefore = await storedPrices(seasons);
    const ratesBefore = await modelRates();
    const setId = await changeModel(0.1);
    const changed = await storedPrices(seasons);
    expect(changed).not.toEqual(pricesBefore);
    const setsBefore = await changeSetIds();
    const modelVersion = (await call('GET', `models/${c.f.seasonId}/${c.f.modelId}`)).json<MarkupModel>().version;

    // The season's view of the set says what a rollback restores: the whole set, both seasons.
    const detail = await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}/sets/${setId}`);
    expect(detail.json<ChangeSet>().span).toEqual({ seasons: 2, rows: 6 });

    const response = await rollback(setId);
    expect(response.statusCode, response.body).toBe(200);
    // The fixture's season: two prices and a bike on the 20% rate, one price on 10%; the second: one on each.
    expect(response.json<RollbackResult>()).toMatchObject({ seasons: 2, rows: 6 });
    expect(await storedPrices(seasons)).toEqual(pricesBefore);
    expect(await modelRates()).toEqual(ratesBefore);
    const setsAfter = await changeSetIds();
    expect(setsAfter).toEqual([...setsBefore, response.json<RollbackResult>().change_set_id]);
    const written = await c.t.db.selectFrom('price_change_sets').selectAll().where('id', '=', setsAfter.at(-1)!).executeTakeFirstOrThrow();
    expect(written).toMatchObject({ source: 'rates', row_count: 6 });
    expect(written.rates_change).toMatchObject({ kind: 'model', model_id: c.f.modelId, rates_after: ratesBefore });
    // A normal save's version bump: a model form opened before the rollback must reload.
    expect((await call('GET', `models/${c.f.seasonId}/${c.f.modelId}`)).json<MarkupModel>().version).toBe(modelVersion + 1);

    // The rollback is a rates change of its own: rolling it back redoes the change exactly.
    const redo = await rollback(written.id);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(await storedPrices(seasons)).toEqual(changed);
  });

  it('is refused with 409 naming the season saved since, and changes nothing, the rates included', async () => {
    const second = await secondTourSeason(c.f);
    const setId = await changeModel(0.05);
    await second.save(799);
    const seasons = [c.f.tourSeasonId, second.tourSeasonId];
    const pricesBefore = await storedPrices(seasons);
    const ratesBefore = await modelRates();
    const setsBefore = await changeSetIds();

    const response = await rollback(setId);
    expect(response.statusCode, response.body).toBe(409);
    const message = response.json<{ errors: { msg: string }[] }>().errors[0].msg;
    expect(message).toContain(second.tourName);
    expect(message).toContain(`Season `);
    const firstTour = await c.t.db.selectFrom('tours').select('name').where('id', '=', c.f.tourId).executeTakeFirstOrThrow();
    expect(message).not.toContain(`${firstTour.name},`);
    expect(await storedPrices(seasons)).toEqual(pricesBefore);
    expect(await modelRates()).toEqual(ratesBefore);
    expect(await changeSetIds()).toEqual(setsBefore);
  });

  it('is refused with 409 when the model changed again since', async () => {
    const setId = await changeModel(0.1);
    await changeModel(0.02);
    const pricesBefore = await storedPrices([c.f.tourSeasonId]);
    const ratesBefore = await modelRates();
    const response = await rollback(setId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.body).toContain('has changed since');
    expect(await storedPrices([c.f.tourSeasonId])).toEqual(pricesBefore);
    expect(await modelRates()).toEqual(ratesBefore);
  });

  it('rolls back a currency rate change: the rate and every price on it', async () => {
    const pricesBefore = await storedPrices([c.f.tourSeasonId]);
    const currency = await c.t.db.selectFrom('currencies').select('version').where('id', '=', c.f.currencyId).executeTakeFirstOrThrow();
    const changed = await call('PUT', `currencies/${c.f.currencyId}/${c.f.seasonId}`, { rate: 1.23, version: currency.version });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const setId = (await changeSetIds()).at(-1)!;
    expect(await storedPrices([c.f.tourSeasonId])).not.toEqual(pricesBefore);

    const response = await rollback(setId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RollbackResult>()).toMatchObject({ seasons: 1, rows: 5 });
    expect(await storedPrices([c.f.tourSeasonId])).toEqual(pricesBefore);
    const rate = await c.t.db
      .selectFrom('currency_rates')
      .select('rate')
      .where('currency_id', '=', c.f.currencyId)
      .where('season_id', '=', c.f.seasonId)
      .executeTakeFirstOrThrow();
    expect(Number(rate.rate)).toBe(1.1);
    const after = await c.t.db.selectFrom('currencies').select('version').where('id', '=', c.f.currencyId).executeTakeFirstOrThrow();
    expect(after.version).toBe(currency.version + 2);
  });

  it('refuses a season save with 400 (it is restored through the grid) and an unknown change set with 404', async () => {
    const pricing = await c.t.db.selectFrom('price_change_sets').select('id').where('source', '=', 'pricing').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const refused = await rollback(pricing.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('Restore these values');
    const unknown = await rollback(99_999_999);
    expect(unknown.statusCode, unknown.body).toBe(404);
  });
});
