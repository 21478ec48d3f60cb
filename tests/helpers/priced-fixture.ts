import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from './pricing-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The pricing fixture with stored prices on each of its rates (saved through the API, so the
 * server computed them) and one bike on the 20% rate.
 */
export async function createPricedFixture(t: TestApp): Promise<PricingFixture> {
  const f = await createPricingFixture(t.db);
  const url = `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
  const price = (gross: number, markup_rate_id: number) => ({ room_type_id: f.roomTypeId, gross, non_com: 0, adjustment: 0, markup_rate_id, formula: null });
  const saved = await t.app.inject({
    method: 'PUT',
    url,
    headers: t.auth,
    payload: {
      version: 1,
      categories: [
        {
          id: f.categoryId,
          start: '2026-05-01',
          end: '2026-09-30',
          nights: 7,
          prices: [price(675, f.rates.r20), price(500, f.rates.r10), price(300, f.rates.r0), { ...price(0, f.rates.r20), formula: '[0]+25' }],
        },
      ],
    },
  });
  if (saved.statusCode !== 200) throw new Error(`Saving prices failed: ${saved.body}`);
  const version = saved.json<SeasonPricing>().tour_season.version;
  const bikes = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tour-bikes/${f.tourId}/${f.seasonId}`,
    headers: t.auth,
    payload: { version, bikes: [{ bike_id: f.bikeId, gross: 120, markup_rate_id: f.rates.r20 }] },
  });
  if (bikes.statusCode >= 300) throw new Error(`Adding a bike failed: ${bikes.body}`);
  return f;
}
