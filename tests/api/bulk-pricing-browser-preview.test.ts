// The bulk pricing page works out each what-if in the browser from `GET bulk-pricing/{season_id}/
// inputs` (src/domain/models/preview-rate-change.ts). These tests hold it to the server's own
// preview (the plan the save applies) on the same demo data, change by change.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkupModel, MarkupModelSave } from '../../src/domain/models/markup-model.js';
import { previewCurrencyChange, previewModelChange } from '../../src/domain/models/preview-rate-change.js';
import type { RateChangePreview } from '../../src/domain/models/rate-change-preview.js';
import type { SeasonPricingInputs } from '../../src/domain/models/season-pricing-inputs.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let seasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  seasonId = (await seedDemoData(t.db, { scale: 'demo' })).bulkPricingSeason.seasonId;
  // Rows the price engine cannot price (their stored cost stays) and rows on the legacy default
  // rate, so both computations meet them.
  const some = await t.db
    .selectFrom('tour_prices as p')
    .innerJoin('tour_seasons as ts', 'ts.id', 'p.tour_season_id')
    .select('p.id')
    .where('ts.season_id', '=', seasonId)
    .orderBy('p.id')
    .limit(6)
    .execute();
  const foreignRate = await t.db
    .selectFrom('markup_rates as r')
    .innerJoin('markup_models as m', 'm.id', 'r.markup_model_id')
    .select('r.id')
    .where('m.season_id', '<>', seasonId)
    .executeTakeFirstOrThrow();
  await t.db.updateTable('tour_prices').set({ markup_rate_id: null }).where('id', 'in', [some[0].id, some[1].id]).execute();
  await t.db.updateTable('tour_prices').set({ markup_rate_id: foreignRate.id }).where('id', '=', some[2].id).execute();
  // A hand-typed legacy cost, which any reprice rewrites.
  await t.db.updateTable('tour_prices').set({ cost: 1 }).where('id', '=', some[3].id).execute();
  // Margin guardrails on the season's models (issue 22), so both computations count rows under them.
  await t.db.updateTable('markup_models').set({ min_margin_percent: 25, min_profit: 40 }).where('season_id', '=', seasonId).execute();
}, 180_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', path: string, payload?: object) => t.app.inject({ method, url: `/api/v1/${path}`, headers: t.auth, payload });

const loadInputs = async () => {
  const response = await call('GET', `bulk-pricing/${seasonId}/inputs`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<SeasonPricingInputs>();
};

const withoutTime = ({ elapsed_ms: _elapsed, ...preview }: RateChangePreview) => preview;

type TimelessPreview = Omit<RateChangePreview, 'elapsed_ms'>;

async function serverPreview(path: string, body: object): Promise<TimelessPreview | { error: string }> {
  const response = await call('POST', path, body);
  if (response.statusCode !== 200) return { error: response.json<{ errors: { msg: string }[] }>().errors[0].msg };
  return withoutTime(response.json<RateChangePreview>());
}

describe('the what-if preview worked out in the browser', () => {
  it('loads every stored row of the season with the rates and stored currency rates it is priced with', async () => {
    const inputs = await loadInputs();
    const [{ count }] = await t.db
      .selectFrom('tour_prices as p')
      .innerJoin('tour_seasons as ts', 'ts.id', 'p.tour_season_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ts.season_id', '=', seasonId)
      .execute();
    expect(inputs.lists.prices.tour_season_id).toHaveLength(Number(count));
    expect(inputs.lists.bikes.gross.length).toBeGreaterThan(0);
    expect(inputs.lists.party_extra_variations.cost.length + inputs.lists.room_extra_variations.cost.length).toBeGreaterThan(0);
    expect(inputs.tour_seasons.some((season) => season.currency_rate !== null)).toBe(true);
    expect((await call('GET', 'bulk-pricing/999999/inputs')).statusCode).toBe(404);
  });

  it('gives the server preview’s answer for every currency of the season, rate up, down and unchanged', async () => {
    const inputs = await loadInputs();
    const currencies = new Map(
      inputs.tour_seasons
        .filter((season) => season.season_id === seasonId && season.currency_id !== null)
        .map((season) => [season.currency_id!, season.currency_rate]),
    );
    expect(currencies.size).toBeGreaterThan(0);
    let changed = 0;
    let below = 0;
    let belowNow = 0;
    for (const [currencyId, stored] of currencies) {
      for (const rate of [(stored ?? 1) * 1.1, (stored ?? 1) * 0.93, stored ?? 1.2, 0.0001]) {
        const browser = withoutTime(previewCurrencyChange(inputs, currencyId, seasonId, rate));
        expect(browser).toEqual(await serverPreview(`currencies/${currencyId}/${seasonId}/preview`, { rate }));
        changed += browser.prices + browser.bikes + browser.extras;
        below += browser.below_guardrail;
        belowNow += browser.below_guardrail_now;
      }
    }
    // The comparison meant something: the changes reprice rows, some under the guardrail.
    expect(changed).toBeGreaterThan(50);
    expect([below, belowNow].every((count) => count > 0)).toBe(true);
    expect(below).not.toBe(belowNow);
  });

  it('gives the server preview’s answer for model changes: new rate values, a removed rate whose rows move, and refusals', async () => {
    const inputs = await loadInputs();
    const models = (await call('GET', `models/${seasonId}`)).json<MarkupModel[]>();
    const used = models.filter((model) => inputs.tour_seasons.some((season) => season.markup_model_id === model.id));
    expect(used.length).toBeGreaterThan(0);
    let repriced = 0;
    let refused = 0;
    let below = 0;
    for (const model of used) {
      const edit = (rates: MarkupModelSave['model']['rates'], removedRatesIds: number[] = [], name = model.name): MarkupModelSave => ({
        model: { name, version: model.version, rates },
        removedRatesIds,
      });
      const [first, ...others] = model.rates;
      const proposals: MarkupModelSave[] = [
        edit([{ ...first, markup: first.markup + 0.07 }, ...others]),
        edit(model.rates.map((rate) => ({ ...rate, supplement_markup: rate.supplement_markup * 1.1, commission: rate.commission }))),
        // The first rate removed: its rows move to a rate of the same commission or the 0% one.
        edit([...others, { commission: first.commission, markup: first.markup + 0.2, supplement_markup: first.supplement_markup }], [first.id]),
        // Every rate removed and none added: rows in use have nowhere to go.
        edit(
          [],
          model.rates.map((rate) => rate.id),
        ),
        edit(model.rates, [], ''),
        edit([...model.rates, { id: 999_999, commission: 5, markup: 1, supplement_markup: 1 }]),
      ];
      for (const proposal of proposals) {
        const browser = previewModelChange(inputs, model, proposal);
        const server = await serverPreview(`models/${seasonId}/${model.id}/preview`, proposal);
        if ('error' in server) {
          expect(browser.error).toBe(server.error);
          refused++;
        } else {
          expect(browser.preview && withoutTime(browser.preview)).toEqual(server);
          repriced += server.prices + server.bikes + server.extras + server.moved;
          below += server.below_guardrail + server.below_guardrail_now;
        }
      }
    }
    expect(repriced).toBeGreaterThan(50);
    expect(refused).toBeGreaterThanOrEqual(used.length * 2);
    expect(below).toBeGreaterThan(0);
  });
});
