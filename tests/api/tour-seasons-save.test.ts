import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePrice } from '../../src/domain/price-maths.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { storedAndEngineCosts } from '../helpers/stored-price-check.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addCurrency, addSeason, call, createTour, type ErrorBody, type SeasonData } from '../helpers/tour-test-data.js';

let t: TestApp;
let season2026: SeasonData;
let season2027: SeasonData;
beforeAll(async () => {
  t = await createTestApp();
  season2026 = await addSeason(t.db, '2026', 1.1);
  season2027 = await addSeason(t.db, '2027', 1.2);
});
afterAll(() => t.close());

let refusals = 0;
const putSeasons = (tour: Tour, seasons: unknown[]) => call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, seasons });

describe('PUT tours/{id} with a seasons array', () => {
  it('adds seasons with their model, currency, deposit and live flag, and answers them with model and currency', async () => {
    const tour = await createTour(t, { name: 'Season Adder' });
    const response = await putSeasons(tour, [
      { season_id: season2026.seasonId, deposit: '150', markup_model_id: season2026.modelId, currency_id: season2026.currencyId, live: true },
      { season_id: season2027.seasonId, deposit: '', markup_model_id: '', currency_id: '', live: false },
    ]);
    expect(response.statusCode).toBe(200);
    const saved = response.json<Tour>();
    expect(saved.version).toBe(tour.version + 1);
    expect(saved.seasons).toEqual([
      expect.objectContaining({
        season_id: season2026.seasonId,
        name: '2026',
        deposit: 150,
        live: true,
        model: { id: season2026.modelId, name: 'Model of 2026', rates: [{ id: season2026.rateId, commission: 20, markup: 1.32, supplement_markup: 1.15 }] },
        currency: { id: season2026.currencyId, name: 'Currency of 2026', symbol: '€', rate: 1.1 },
      }),
      expect.objectContaining({
        season_id: season2027.seasonId,
        deposit: null,
        markup_model_id: null,
        currency_id: null,
        live: false,
        model: null,
        currency: null,
      }),
    ]);
  });

  it('updates the rows it names and deletes the seasons left out, in one save', async () => {
    const tour = await createTour(t, { name: 'Season Editor' });
    const first = (await putSeasons(tour, [{ season_id: season2026.seasonId }, { season_id: season2027.seasonId }])).json<Tour>();
    const kept = first.seasons.find((season) => season.season_id === season2026.seasonId)!;
    const response = await putSeasons(first, [{ id: kept.id, season_id: season2026.seasonId, deposit: 99, live: true }]);
    expect(response.json<Tour>().seasons).toEqual([expect.objectContaining({ id: kept.id, deposit: 99, live: true })]);
  });

  it('answers 409 to a seasons save made from a stale version and changes nothing', async () => {
    const tour = await createTour(t, { name: 'Season Race' });
    expect((await putSeasons(tour, [{ season_id: season2026.seasonId }])).statusCode).toBe(200);
    const stale = await putSeasons(tour, [{ season_id: season2027.seasonId }]);
    expect(stale.statusCode).toBe(409);
    const stored = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
    expect(stored.seasons.map((season) => season.season_id)).toEqual([season2026.seasonId]);
  });

  it.each([
    ['a season twice', () => [{ season_id: season2026.seasonId }, { season_id: season2026.seasonId }], 'seasons'],
    ['a negative deposit', () => [{ season_id: season2026.seasonId, deposit: -5 }], 'seasons.0.deposit'],
    ['a deposit that is not a number', () => [{ season_id: season2026.seasonId, deposit: 'lots' }], 'seasons.0.deposit'],
    ['a deposit with three decimals', () => [{ season_id: season2026.seasonId, deposit: 150.005 }], 'seasons.0.deposit'],
    ['a deposit carrying binary noise', () => [{ season_id: season2026.seasonId, deposit: 0.1 + 0.2 }], 'seasons.0.deposit'],
    ['a deposit past the money limit', () => [{ season_id: season2026.seasonId, deposit: 10_000_001 }], 'seasons.0.deposit'],
    ['a season without its id', () => [{ deposit: 5 }], 'seasons.0.season_id'],
    ['a model of another season', () => [{ season_id: season2026.seasonId, markup_model_id: season2027.modelId }], 'seasons.0.markup_model_id'],
    ['a tour season of another tour', () => [{ id: 999_999, season_id: season2026.seasonId }], 'seasons.0.id'],
  ])('refuses %s and changes nothing', async (_label, rows, path) => {
    const tour = await createTour(t, { name: `Refused season rows ${++refusals}` });
    const response = await putSeasons(tour, rows());
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
    const stored = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
    expect(stored).toMatchObject({ version: tour.version, seasons: [] });
  });

  it('refuses to delete a season that bookings still use, and keeps every row', async () => {
    const tour = await createTour(t, { name: 'Booked Season' });
    const saved = (await putSeasons(tour, [{ season_id: season2026.seasonId }, { season_id: season2027.seasonId, deposit: 10 }])).json<Tour>();
    const booked = saved.seasons.find((season) => season.season_id === season2026.seasonId)!;
    const other = saved.seasons.find((season) => season.season_id === season2027.seasonId)!;
    await t.db
      .insertInto('bookings')
      .values({
        tour_id: tour.id,
        tour_season_id: booked.id,
        booking_reference: 'BOOKED-1',
        title: '',
        first_name: 'Ada',
        last_name: 'Byron',
        status: 'pending',
        tour_name: tour.name,
        comments: '',
      })
      .execute();
    const response = await putSeasons(saved, [{ id: other.id, season_id: season2027.seasonId, deposit: 20 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors[0].msg).toBe('It is still used by bookings, so it was not deleted.');
    const stored = (await call(t, 'GET', `tours/${tour.id}`)).json<Tour>();
    expect(stored.version).toBe(saved.version);
    expect(stored.seasons.map((season) => [season.id, season.deposit])).toEqual([
      [booked.id, null],
      [other.id, 10],
    ]);
  });

  it('recomputes the stored prices when a tour season changes currency', async () => {
    const tour = await createTour(t, { name: 'Currency Switch' });
    const saved = (
      await putSeasons(tour, [{ season_id: season2026.seasonId, markup_model_id: season2026.modelId, currency_id: season2026.currencyId }])
    ).json<Tour>();
    const tourSeason = saved.seasons[0];
    const group = await t.db
      .insertInto('tour_pricing_categories')
      .values({ tour_season_id: tourSeason.id, specific_dates: '[]', restricted_dates: '[]', restricted_days: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // gross 675, commission 20, rate 1.1, markup 1.32: net 540, cost 648 (DESIGN.md section 5).
    const price = await t.db
      .insertInto('tour_prices')
      .values({
        tour_pricing_category_id: group.id,
        tour_season_id: tourSeason.id,
        gross: 675,
        non_com: 0,
        net: 540,
        adjustment: 0,
        cost: 648,
        markup_rate_id: season2026.rateId,
        formula: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sterling = await addCurrency(t.db, 'Sterling', season2026.seasonId, 1);

    const response = await putSeasons(saved, [
      { id: tourSeason.id, season_id: season2026.seasonId, markup_model_id: season2026.modelId, currency_id: sterling },
    ]);
    expect(response.statusCode).toBe(200);
    const stored = await t.db.selectFrom('tour_prices').select(['net', 'cost']).where('id', '=', price.id).executeTakeFirstOrThrow();
    // 540 / 1 * 1.32 = 712.8, rounded up to 713.
    expect(stored).toEqual({ net: 540, cost: 713 });
    const reread = response.json<Tour>().seasons[0];
    expect(reread.version).toBeGreaterThan(tourSeason.version);
  });

  it('recomputes the stored prices, bikes and extras when a tour season changes model, on the new model’s rate of the same commission', async () => {
    const tour = await createTour(t, { name: 'Model Switch' });
    const saved = (
      await putSeasons(tour, [{ season_id: season2026.seasonId, markup_model_id: season2026.modelId, currency_id: season2026.currencyId }])
    ).json<Tour>();
    const tourSeason = saved.seasons[0];
    const premium = await t.db
      .insertInto('markup_models')
      .values({ name: 'Premium 2026', season_id: season2026.seasonId })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The 10% rate comes first, so taking the new model's first rate would be caught.
    const [, premium20] = await t.db
      .insertInto('markup_rates')
      .values([
        { markup_model_id: premium.id, commission: 10, markup: 1.45, supplement_markup: 1.3 },
        { markup_model_id: premium.id, commission: 20, markup: 1.5, supplement_markup: 1.4 },
      ])
      .returning('id')
      .execute();
    const group = await t.db.insertInto('tour_pricing_categories').values({ tour_season_id: tourSeason.id }).returning('id').executeTakeFirstOrThrow();
    // gross 675, commission 20, rate 1.1, markup 1.32: net 540, cost 648 (DESIGN.md section 5).
    const price = await t.db
      .insertInto('tour_prices')
      .values({
        tour_pricing_category_id: group.id,
        tour_season_id: tourSeason.id,
        gross: 675,
        non_com: 0,
        net: 540,
        adjustment: 10,
        cost: 658,
        markup_rate_id: season2026.rateId,
        formula: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bikeId = (await t.db.insertInto('bikes').values({ name: 'Model switch bike' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('tour_bikes')
      .values({
        tour_season_id: tourSeason.id,
        bike_id: bikeId,
        order: 0,
        gross: 120,
        non_com: 0,
        net: 96,
        adjustment: 0,
        cost: 101,
        markup_rate_id: season2026.rateId,
        formula: null,
      })
      .execute();
    const extra = await t.db
      .insertInto('tour_party_extras')
      .values({ tour_season_id: tourSeason.id, name: 'Transfer', guidance: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('tour_party_extra_variations')
      .values({ tour_party_extra_id: extra.id, gross: 80, net: 64, cost: 67, markup_rate_id: season2026.rateId })
      .execute();
    const roomExtra = await t.db
      .insertInto('tour_room_extras')
      .values({ tour_season_id: tourSeason.id, name: 'Extra night', pre: true, post: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('tour_room_extra_variations')
      .values({ tour_room_extra_id: roomExtra.id, gross: 90, net: 72, cost: 76, markup_rate_id: season2026.rateId })
      .execute();

    const response = await putSeasons(saved, [
      { id: tourSeason.id, season_id: season2026.seasonId, markup_model_id: premium.id, currency_id: season2026.currencyId },
    ]);
    expect(response.statusCode).toBe(200);
    const stored = await t.db.selectFrom('tour_prices').select(['net', 'cost', 'markup_rate_id']).where('id', '=', price.id).executeTakeFirstOrThrow();
    const rate = { id: premium20.id, commission: 20, markup: 1.5, supplement_markup: 1.4 };
    const { net, cost } = computePrice({ gross: 675, non_com: 0, adjustment: 10, markup_rate_id: rate.id }, rate, 1.1, 'tour');
    // 540 / 1.1 * 1.5 = 736.4, rounded up to 737, plus the adjustment of 10.
    expect(stored).toEqual({ net, cost, markup_rate_id: premium20.id });
    expect(cost).toBe(747);
    for (const list of ['prices', 'bikes', 'party_extra_variations', 'room_extra_variations'] as const) {
      const { stored: rows, engine } = await storedAndEngineCosts(t.db, list, tourSeason.id);
      expect(rows, list).toEqual(engine);
    }
    expect(response.json<Tour>().seasons[0].version).toBeGreaterThan(tourSeason.version);
  });
});
