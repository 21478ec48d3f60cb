import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import { computePrice } from '../../src/domain/price-maths.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture, type PricingFixture } from './pricing-fixtures.js';
import type { TestApp } from './test-app.js';
import { priceSave, priceStateOf, type PriceLane } from './write-workloads.js';

type Answer = { status: number; body: string };
/** The season's prices (grosses and costs, with its version) and the model's markups. */
type RaceState = { version: number; groups: number[][]; costs: number[][]; markups: number[] };

const call = async (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<Answer> => {
  const response = await t.app.inject({ method, url: `/api/v1/${url}`, headers: t.auth, payload });
  return { status: response.statusCode, body: response.body };
};
const get = async <T>(t: TestApp, url: string): Promise<T> => {
  const answer = await call(t, 'GET', url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
};

/**
 * Issue 22's rollback against a clerk's save: each round raises the model's 20% markup on /pgt,
 * then one client rolls that change back while the other saves the season's prices from the
 * version read after it. Whichever commits first wins; the other gets 409 (a stale version, or a
 * season changed since the change), and the prices, their costs and the rates are the winner's.
 */
export function rollbackRacingASeasonSave() {
  let f: PricingFixture;
  let lane: PriceLane;
  const pricingUrl = () => `tour-pricing/${f.tourId}/${f.seasonId}`;
  const modelUrl = () => `models/${f.seasonId}/${f.modelId}`;
  const read = async (t: TestApp): Promise<RaceState> => {
    const pricing = await get<SeasonPricing>(t, pricingUrl());
    const model = await get<MarkupModel>(t, modelUrl());
    return {
      ...priceStateOf(pricing),
      costs: pricing.categories.map((category) => category.prices.map((price) => price.cost)),
      markups: model.rates.map((rate) => rate.markup),
    };
  };
  return {
    name: 'a season rolled back from /pgt by one client and saved by the other',
    prepare: async (t: TestApp) => {
      f = await createPricingFixture(t.db);
      lane = { kind: 'prices', tourId: f.tourId, seasonId: f.seasonId, roomTypeId: f.roomTypeId, markupRateId: f.rates.r20 };
      const first = await call(t, 'PUT', pricingUrl(), priceSave(lane, 500, 1).body);
      if (first.status !== 200) throw new Error(`The first save failed: ${first.body}`);
    },
    round: async (t: TestApp, round: number) => {
      const before = await read(t);
      const model = await get<MarkupModel>(t, modelUrl());
      const rates = model.rates.map((rate) => (rate.id === f.rates.r20 ? { ...rate, markup: Number((rate.markup + 0.01).toFixed(3)) } : rate));
      const changed = await call(t, 'PUT', modelUrl(), { model: { name: model.name, version: model.version, rates }, removedRatesIds: [] });
      if (changed.status !== 200) throw new Error(`The model change failed: ${changed.body}`);
      const set = await t.db.selectFrom('price_change_sets').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const { version } = await read(t);
      const save = priceSave(lane, 500 + round, version);
      const rate = rates.find((candidate) => candidate.id === f.rates.r20)!;
      const cost = computePrice({ gross: 500 + round, non_com: 0, adjustment: 0, markup_rate_id: rate.id }, rate, 1.1, 'tour').cost;
      return {
        a: {
          send: () => call(t, 'POST', `price-history/${set.id}/rollback`),
          expect: { ...before, version: version + 1 },
        },
        b: {
          send: () => call(t, 'PUT', pricingUrl(), save.body),
          expect: { ...save.expect, costs: save.expect.groups.map((group) => group.map(() => cost)), markups: rates.map((candidate) => candidate.markup) },
        },
      };
    },
    read,
  };
}
