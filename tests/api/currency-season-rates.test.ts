import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkPricingView } from '../../src/domain/models/bulk-pricing-view.js';
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

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => t.app.inject({ method, url: `/api/v1/${path}`, headers: t.auth, payload });
/** The currency's version as stored now, which a season-rate save must send. */
const currencyVersion = async () => (await t.db.selectFrom('currencies').select('version').where('id', '=', f.currencyId).executeTakeFirstOrThrow()).version;
const setRate = async (rate: number) => call('PUT', `currencies/${f.currencyId}/${f.seasonId}`, { rate, version: await currencyVersion() });
const costs = async () =>
  (await t.db.selectFrom('tour_prices').select('cost').where('tour_season_id', '=', f.tourSeasonId).orderBy('id').execute()).map((row) => row.cost);

describe('currency season rates', () => {
  it('recomputes every stored price and bike of the season when the rate changes, as the engine does', async () => {
    const response = await setRate(1.2);
    expect(response.statusCode).toBe(200);
    for (const list of ['prices', 'bikes'] as const) {
      const { stored, engine } = await storedAndEngineCosts(t.db, list, f.tourSeasonId);
      expect(stored).toEqual(engine);
    }
    // 675 at 20%: net 540, ROUNDUP(540 / 1.2 * 1.32) = 594.
    expect((await costs())[0]).toBe(594);
  });

  it('bumps the tour season version so an open pricing screen must reload before saving', async () => {
    const before = await t.db.selectFrom('tour_seasons').select('version').where('id', '=', f.tourSeasonId).executeTakeFirstOrThrow();
    await setRate(1.25);
    const after = await t.db.selectFrom('tour_seasons').select('version').where('id', '=', f.tourSeasonId).executeTakeFirstOrThrow();
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('recomputes when the currency form changes a season rate too', async () => {
    const currency = (await call('GET', `currencies/${f.currencyId}`)).json<{ version: number; name: string; symbol: string; rate: number }>();
    const response = await call('PUT', `currencies/${f.currencyId}`, { version: currency.version, rates: [{ season_id: f.seasonId, rate: 1.2 }] });
    expect(response.statusCode).toBe(200);
    expect((await costs())[0]).toBe(594);
  });

  it('previews the change without writing, and the save stores exactly the previewed costs', async () => {
    const before = await costs();
    const preview = (await call('POST', `currencies/${f.currencyId}/${f.seasonId}/preview`, { rate: 1.2 })).json<RateChangePreview>();
    expect(preview).toMatchObject({ prices: 4, bikes: 1, extras: 0, tour_seasons: 1, rows_checked: 5 });
    expect(await costs()).toEqual(before);
    const [impact] = preview.by_tour_code;
    expect(impact.cost_before).toBe(before.reduce((a, b) => a + b, 0) + (await bikeCost()));
    await setRate(1.2);
    expect(impact.cost_after).toBe((await costs()).reduce((a, b) => a + b, 0) + (await bikeCost()));
    expect(impact.profit_after).toBeLessThan(impact.profit_before);
  });

  it('refuses a rate of zero', async () => {
    expect((await call('POST', `currencies/${f.currencyId}/${f.seasonId}/preview`, { rate: 0 })).statusCode).toBe(400);
    expect((await setRate(0)).statusCode).toBe(400);
  });

  it('refuses a season rate sent without the currency version read, or with a stale one, changing nothing (issue 19 item 10)', async () => {
    const before = await costs();
    const version = await currencyVersion();
    const unversioned = await call('PUT', `currencies/${f.currencyId}/${f.seasonId}`, { rate: 1.2 });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json<{ errors: unknown[] }>().errors).toEqual([{ msg: 'Send the version you loaded', path: 'version' }]);
    expect((await setRate(1.25)).statusCode).toBe(200);
    const stale = await call('PUT', `currencies/${f.currencyId}/${f.seasonId}`, { rate: 1.2, version });
    expect(stale.statusCode).toBe(409);
    expect(await currencyVersion()).toBe(version + 1);
    expect(await costs()).not.toEqual(before);
    const rate = await t.db
      .selectFrom('currency_rates')
      .select('rate')
      .where('currency_id', '=', f.currencyId)
      .where('season_id', '=', f.seasonId)
      .executeTakeFirstOrThrow();
    expect(Number(rate.rate)).toBe(1.25);
  });

  it('lists the season with the tour codes of its tours for the bulk pricing page', async () => {
    const view = (await call('GET', `bulk-pricing/${f.seasonId}`)).json<BulkPricingView>();
    expect(view.season.id).toBe(f.seasonId);
    expect(view.tours).toEqual([expect.objectContaining({ id: f.tourId, tour_season_id: f.tourSeasonId, currency_id: f.currencyId })]);
  });
});

async function bikeCost() {
  const row = await t.db.selectFrom('tour_bikes').select('cost').where('tour_season_id', '=', f.tourSeasonId).executeTakeFirstOrThrow();
  return row.cost;
}
