import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { ChangeSetSummary } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

// A markup model's margin guardrail (issue 22): a pricing save that would leave rows under it is
// refused until it confirms their count, and the change set records how many it left.

const c = pricingTestContext();
const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
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

  describe('bikes, supplements and extra nights: the same refusal (409 naming the count and rows) and the same record', () => {
    const rate = () => ({ markup_rate_id: c.f.rates.r20 });
    const seasonSets = async (kind: string) => (await call('GET', `price-history/${c.f.tourId}/${c.f.seasonId}?kind=${kind}`)).json<ChangeSetSummary[]>();
    const cases = [
      {
        what: 'bikes',
        url: () => `tour-bikes/${c.f.tourId}/${c.f.seasonId}`,
        body: () => ({ bikes: [675, 500].map((gross) => ({ bike_id: c.f.bikeId, gross, ...rate() })), removed_ids: [] }),
        rows: 'rows [0], [1]',
        kind: 'bike',
        source: 'bikes',
      },
      {
        what: 'supplements',
        url: () => `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`,
        body: () => ({
          extras: [
            {
              name: 'Transfer',
              guidance: 2,
              nights: 7,
              order: 1,
              variations: [
                { gross: 675, ...rate() },
                { gross: 500, ...rate() },
              ],
            },
          ],
          removed_ids: [],
        }),
        rows: 'rows Transfer [0], Transfer [1]',
        kind: 'party_extra_variation',
        source: 'supplements',
      },
      {
        what: 'extra nights',
        url: () => `tour-extras/${c.f.tourId}/${c.f.seasonId}/room`,
        body: () => ({
          extras: ['Early', 'Late'].map((name) => ({
            name,
            pre: true,
            post: true,
            variations: [{ start: '2026-04-01', end: '2026-10-31', room_type_id: c.f.roomTypeId, gross: 80, ...rate() }],
          })),
          removed_ids: [],
        }),
        rows: 'rows Early [0], Late [0]',
        kind: 'room_extra_variation',
        source: 'extra_nights',
      },
    ];
    it.each(cases)('$what: refused without the count, saved and recorded with it', async ({ url, body, rows, kind, source }) => {
      // Supplements are priced with the supplement markup: 500% of cost is above any of them.
      expect((await setGuardrail(500, null)).statusCode).toBe(200);
      const before = { list: (await call('GET', url())).body, version: await version(), sets: await seasonSets(kind) };
      const refused = await call('PUT', url(), { version: before.version, ...body() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errors: [{ path: 'below_guardrail_confirmed' }] });
      expect(refused.body).toContain(`2 prices would be below the minimum margin (500% of cost): ${rows}. Save them anyway?`);
      expect((await call('PUT', url(), { version: before.version, ...body(), below_guardrail_confirmed: 1 })).statusCode).toBe(409);
      expect({ list: (await call('GET', url())).body, version: await version(), sets: await seasonSets(kind) }).toEqual(before);

      const confirmed = await call('PUT', url(), { version: before.version, ...body(), below_guardrail_confirmed: 2 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [set] = await seasonSets(kind);
      expect(set).toMatchObject({ source, row_count: 2, below_guardrail: 2 });
    });

    it.each(cases)('$what: saved without asking when the model sets no guardrail', async ({ url, body, kind }) => {
      const saved = await call('PUT', url(), { version: await version(), ...body() });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await seasonSets(kind))[0]).toMatchObject({ row_count: 2, below_guardrail: 0 });
    });
  });
});
