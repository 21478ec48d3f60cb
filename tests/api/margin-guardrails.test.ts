import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { ChangeSetSummary } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

// A markup model's margin guardrail (issue 22): a pricing save that would leave rows under it is
// refused until it confirms their count, and the change set records how many it left.

const c = pricingTestContext();
const call = (method: 'GET' | 'PUT', path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const readModel = async () => (await call('GET', `models/${c.f.seasonId}/${c.f.modelId}`)).json<MarkupModel>();
async function setGuardrail(min_margin_percent: number | null, min_profit: number | null) {
  const model = await readModel();
  return call('PUT', `models/${c.f.seasonId}/${c.f.modelId}`, {
    model: { name: model.name, version: model.version, rates: model.rates, min_margin_percent, min_profit },
    removedRatesIds: [],
  });
}
const price = (gross: number) => ({ room_type_id: c.f.roomTypeId, gross, markup_rate_id: c.f.rates.r20 });
const pricingBody = (version: number, grosses: number[], confirmed?: number) => ({
  version,
  categories: [{ start: '2026-05-01', end: '2026-06-30', nights: 7, prices: grosses.map(price) }],
  ...(confirmed === undefined ? {} : { below_guardrail_confirmed: confirmed }),
});
const savePricing = (body: object) => call('PUT', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`, body);
const version = async () => (await call('GET', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`)).json<SeasonPricing>().tour_season.version;

describe('margin guardrails', () => {
  it('stores a model’s minimum margin and profit, refusing a negative one', async () => {
    expect((await setGuardrail(-5, null)).statusCode).toBe(400);
    const saved = await setGuardrail(40, 25);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readModel()).toMatchObject({ min_margin_percent: 40, min_profit: 25 });
    const context = (await call('GET', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`)).json<SeasonPricing>().tour_season;
    expect(context.model).toMatchObject({ min_margin_percent: 40, min_profit: 25 });
  });

  it('refuses a save leaving rows under the guardrail, naming the count and rows, until it confirms that count', async () => {
    // At 20% commission and markup 1.32 the profit is about 10.6% of cost: under a 40% minimum.
    expect((await setGuardrail(40, null)).statusCode).toBe(200);
    const before = (await call('GET', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`)).body;
    const refused = await savePricing(pricingBody(await version(), [675, 500]));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('2 prices would be below the minimum margin (40% of cost): rows [0], [1]');
    expect((await call('GET', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`)).body).toBe(before);
    expect((await savePricing(pricingBody(await version(), [675, 500], 1))).statusCode).toBe(409);
    const confirmed = await savePricing(pricingBody(await version(), [675, 500], 2));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [set] = (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}`)).json<ChangeSetSummary[]>();
    expect(set).toMatchObject({ row_count: 2, below_guardrail: 2 });
  });

  it('lets a save through without asking when every row meets the guardrail, or the model sets none', async () => {
    expect((await setGuardrail(5, 10)).statusCode).toBe(200);
    expect((await savePricing(pricingBody(await version(), [675]))).statusCode).toBe(200);
    expect((await setGuardrail(null, null)).statusCode).toBe(200);
    expect((await savePricing(pricingBody(await version(), [675, 100]))).statusCode).toBe(200);
  });
});
