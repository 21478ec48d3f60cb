import { describe, expect, it } from 'vitest';
import type { TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture } from '../helpers/pricing-fixtures.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

const c = pricingTestContext();

const get = (tourId: number | string, seasonId: number | string) =>
  c.t.app.inject({ method: 'GET', url: `/api/v1/tour-seasons/${tourId}/${seasonId}`, headers: c.t.auth });

describe('GET tour-seasons/{tourId}/{seasonId}', () => {
  it('answers the tour season with its model’s rates and the currency’s rate for that season', async () => {
    const response = await get(c.f.tourId, c.f.seasonId);
    expect(response.statusCode).toBe(200);
    const context = response.json<TourSeasonPricingContext>();
    expect(context).toMatchObject({
      id: c.f.tourSeasonId,
      tour_id: c.f.tourId,
      season_id: c.f.seasonId,
      version: 1,
      deposit: 100,
      live: true,
      markup_model_id: c.f.modelId,
      currency_id: c.f.currencyId,
      currency: { id: c.f.currencyId, name: 'Euro', symbol: '€', rate: 1.1 },
    });
    // Highest commission first, as the commission column offers them.
    expect(context.model?.rates).toEqual([
      { id: c.f.rates.r20, commission: 20, markup: 1.32, supplement_markup: 1.2 },
      { id: c.f.rates.r10, commission: 10, markup: 1.28, supplement_markup: 1.19 },
      { id: c.f.rates.r0, commission: 0, markup: 1.3, supplement_markup: 1.15 },
    ]);
  });

  it('answers null model and currency when the season has none, and a null rate when the currency has no rate that season', async () => {
    await c.t.db.updateTable('tour_seasons').set({ markup_model_id: null }).where('id', '=', c.f.tourSeasonId).execute();
    expect((await get(c.f.tourId, c.f.seasonId)).json<TourSeasonPricingContext>()).toMatchObject({ markup_model_id: null, model: null });
    await c.t.db.deleteFrom('currency_rates').where('currency_id', '=', c.f.currencyId).execute();
    expect((await get(c.f.tourId, c.f.seasonId)).json<TourSeasonPricingContext>().currency).toEqual({
      id: c.f.currencyId,
      name: 'Euro',
      symbol: '€',
      rate: null,
    });
    await c.t.db.updateTable('tour_seasons').set({ currency_id: null }).where('id', '=', c.f.tourSeasonId).execute();
    expect((await get(c.f.tourId, c.f.seasonId)).json<TourSeasonPricingContext>()).toMatchObject({ currency_id: null, currency: null });
  });

  it('answers 404 for a season the tour does not have and 400 for an id that is not a number', async () => {
    const other = await createPricingFixture(c.t.db);
    expect((await get(c.f.tourId, other.seasonId)).statusCode).toBe(404);
    expect((await get(c.f.tourId, 'spring')).statusCode).toBe(400);
  });
});
