import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { PartyExtraAnswer, RoomExtraAnswer } from '../../src/domain/tours/tour-extras-schemas.js';
import { createPricingFixture } from '../helpers/pricing-fixtures.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import type { ErrorBody } from '../helpers/tour-test-data.js';

// Issue 17, defect 3: a commission pasted as a rate id of another model ("1" into a season whose
// model has rates 21-24) was stored as net 0 and cost 0 without a word. Every price-writing route
// refuses a row it cannot price (400 naming the row) and changes nothing; money reads back exact.

const c = pricingTestContext();

type Method = 'GET' | 'POST' | 'PUT';
const send = (method: Method, path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const pricingPath = () => `tour-pricing/${c.f.tourId}/${c.f.seasonId}`;
const bikesPath = () => `tour-bikes/${c.f.tourId}/${c.f.seasonId}`;
const extrasPath = (kind: 'party' | 'room') => `tour-extras/${c.f.tourId}/${c.f.seasonId}/${kind}`;

/** A rate of another season's model: a real rate id, but not one of this season's model. */
const foreignRate = async () => (await createPricingFixture(c.t.db)).rates.r20;

const group = (prices: object[]) => ({ start: '2026-05-01', end: '2026-09-30', nights: 7, prices });
const price = (gross: number, markup_rate_id: number | null, fields: object = {}) => ({
  room_type_id: c.f.roomTypeId,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id,
  formula: null,
  ...fields,
});
const variation = (gross: number, markup_rate_id: number | null) => ({ gross, markup_rate_id });
const partyExtra = (variations: object[]) => ({ name: 'Airport transfer', guidance: 2, nights: 7, order: 1, variations });
const roomExtra = (variations: object[]) => ({
  name: 'Extra night',
  pre: true,
  post: false,
  variations: variations.map((v) => ({ start: '2026-04-01', end: '2026-10-31', room_type_id: c.f.roomTypeId, ...v })),
});

/** The season's own rows of a price list, as the database stores them (numerics as text). */
const OF_SEASON = {
  tour_prices: () => sql`tour_season_id = ${c.f.tourSeasonId}`,
  tour_bikes: () => sql`tour_season_id = ${c.f.tourSeasonId}`,
  tour_party_extra_variations: () => sql`tour_party_extra_id IN (SELECT id FROM tour_party_extras WHERE tour_season_id = ${c.f.tourSeasonId})`,
  tour_room_extra_variations: () => sql`tour_room_extra_id IN (SELECT id FROM tour_room_extras WHERE tour_season_id = ${c.f.tourSeasonId})`,
};
const storedRows = async (table: keyof typeof OF_SEASON) =>
  (
    await sql<{
      id: number;
      gross: string;
      net: string;
      cost: string;
      markup_rate_id: number | null;
    }>`SELECT id, gross::text, net::text, cost::text, markup_rate_id FROM ${sql.table(table)} WHERE ${OF_SEASON[table]()} ORDER BY id`.execute(c.t.db)
  ).rows;
const seasonVersion = async () =>
  (await c.t.db.selectFrom('tour_seasons').select('version').where('id', '=', c.f.tourSeasonId).executeTakeFirstOrThrow()).version;
const errorsOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().errors;

describe('a commission rate that is not a rate of the season’s model', () => {
  it('is refused on a season pricing save with 400 naming the row, and nothing is stored', async () => {
    const foreign = await foreignRate();
    const before = await storedRows('tour_prices');
    const response = await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20), price(1000, foreign)])] });
    expect(response.statusCode).toBe(400);
    const errors = errorsOf(response);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toMatch(new RegExp(`^Row 1 .*commission rate ${foreign} is not a rate of model Model \\d+`));
    expect(errors[0].path).toBe('categories.0.prices.1.markup_rate_id');
    expect(await storedRows('tour_prices')).toEqual(before);
    expect(await seasonVersion()).toBe(1);
  });

  it('is refused when an existing price is changed to it, and the stored price keeps its net and cost', async () => {
    const saved = (await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20)])] })).json<SeasonPricing>();
    const stored = saved.categories[0].prices[0];
    expect(stored).toMatchObject({ net: 540, cost: 648 });
    const foreign = await foreignRate();
    const { net: _net, cost: _cost, ...fields } = stored;
    const response = await send('PUT', pricingPath(), {
      version: saved.tour_season.version,
      categories: [{ ...saved.categories[0], prices: [{ ...fields, markup_rate_id: foreign }] }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0].msg).toMatch(/^Row 0 \(price \d+\): commission rate \d+ is not a rate of model/);
    const reread = (await send('GET', pricingPath())).json<SeasonPricing>();
    expect(reread.categories[0].prices[0]).toMatchObject({ id: stored.id, markup_rate_id: c.f.rates.r20, net: 540, cost: 648 });
  });

  it('is refused on a bikes save and on Add Bike, naming the row', async () => {
    const foreign = await foreignRate();
    const put = await send('PUT', bikesPath(), {
      version: 1,
      bikes: [
        { bike_id: c.f.bikeId, gross: 200, markup_rate_id: c.f.rates.r20 },
        { bike_id: c.f.bikeId, gross: 300, markup_rate_id: foreign },
      ],
    });
    expect(put.statusCode).toBe(400);
    expect(errorsOf(put)[0]).toMatchObject({ path: 'bikes.1.markup_rate_id' });
    expect(errorsOf(put)[0].msg).toMatch(new RegExp(`^Row 1 \\(new bike\\): commission rate ${foreign} is not a rate of model`));
    const post = await send('POST', bikesPath(), { version: 1, bikes: [{ bike_id: c.f.bikeId, gross: 300, markup_rate_id: foreign }] });
    expect(post.statusCode).toBe(400);
    expect(await storedRows('tour_bikes')).toEqual([]);
    expect(await seasonVersion()).toBe(1);
  });

  it('is refused on every party extra (supplement) route, naming the variation', async () => {
    const foreign = await foreignRate();
    const create = await send('POST', extrasPath('party'), { version: 1, ...partyExtra([variation(100, c.f.rates.r20), variation(675, foreign)]) });
    expect(create.statusCode).toBe(400);
    expect(errorsOf(create)[0]).toMatchObject({ path: 'variations.1.markup_rate_id' });
    expect(errorsOf(create)[0].msg).toMatch(/^Row 1 .*commission rate \d+ is not a rate of model/);
    const seasonSave = await send('PUT', extrasPath('party'), { version: 1, extras: [partyExtra([variation(675, foreign)])], removed_ids: [] });
    expect(seasonSave.statusCode).toBe(400);
    expect(errorsOf(seasonSave)[0]).toMatchObject({ path: 'extras.0.variations.0.markup_rate_id' });

    const created = (await send('POST', extrasPath('party'), { version: 1, ...partyExtra([variation(100, c.f.rates.r20)]) })).json<PartyExtraAnswer>();
    const before = await storedRows('tour_party_extra_variations');
    const added = await send('POST', `${extrasPath('party')}/${created.extra.id}`, { version: created.version, ...variation(675, foreign) });
    expect(added.statusCode).toBe(400);
    const update = await send('PUT', `${extrasPath('party')}/${created.extra.id}`, {
      version: created.version,
      ...partyExtra([{ ...variation(100, foreign), id: created.extra.variations[0].id }]),
    });
    expect(update.statusCode).toBe(400);
    expect(await storedRows('tour_party_extra_variations')).toEqual(before);
  });

  it('is refused on every room extra (extra night) route, naming the variation', async () => {
    const foreign = await foreignRate();
    const create = await send('POST', extrasPath('room'), { version: 1, ...roomExtra([variation(80, foreign)]) });
    expect(create.statusCode).toBe(400);
    expect(errorsOf(create)[0].msg).toMatch(/^Row 0 .*commission rate \d+ is not a rate of model/);
    const seasonSave = await send('PUT', extrasPath('room'), { version: 1, extras: [roomExtra([variation(80, foreign)])], removed_ids: [] });
    expect(seasonSave.statusCode).toBe(400);
    const created = (await send('POST', extrasPath('room'), { version: 1, ...roomExtra([variation(80, c.f.rates.r20)]) })).json<RoomExtraAnswer>();
    const added = await send('POST', `${extrasPath('room')}/${created.extra.id}`, {
      version: created.version,
      start: null,
      end: null,
      ...variation(90, foreign),
    });
    expect(added.statusCode).toBe(400);
    expect((await storedRows('tour_room_extra_variations')).map((row) => row.markup_rate_id)).toEqual([c.f.rates.r20]);
  });

  it('lets an unchanged stored row on such a rate (a legacy price costed by hand) be saved again, keeping its net and cost', async () => {
    const foreign = await foreignRate();
    const legacy = await c.t.db
      .insertInto('tour_prices')
      .values({
        tour_pricing_category_id: c.f.categoryId,
        tour_season_id: c.f.tourSeasonId,
        room_type_id: c.f.roomTypeId,
        gross: 900,
        non_com: 0,
        net: 720,
        adjustment: 0,
        cost: 850,
        markup_rate_id: foreign,
        formula: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pricing = (await send('GET', pricingPath())).json<SeasonPricing>();
    const body = {
      version: pricing.tour_season.version,
      categories: pricing.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _n, cost: _c, ...fields }) => fields) })),
    };
    body.categories[0].prices.push(price(675, c.f.rates.r20) as (typeof body.categories)[0]['prices'][0]);
    const response = await send('PUT', pricingPath(), body);
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[0].prices.map(({ id, net, cost }) => ({ id, net, cost }))).toEqual([
      { id: legacy.id, net: 720, cost: 850 },
      { id: expect.any(Number), net: 540, cost: 648 },
    ]);
  });

  it('is refused for a priced row without a rate when the model has no default rate, but a blank new row saves', async () => {
    const refused = await send('PUT', pricingPath(), { version: 1, categories: [group([price(500, null)])] });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0].msg).toMatch(/^Row 0 .*no commission rate/);
    const blank = await send('PUT', bikesPath(), { version: 1, bikes: [{ bike_id: c.f.bikeId, gross: 0, markup_rate_id: null }] });
    expect(blank.statusCode).toBe(200);
    expect(blank.json<{ bikes: TourBike[] }>().bikes[0]).toMatchObject({ gross: 0, net: 0, cost: 0 });
  });
});

describe('a season without an exchange rate for its currency', () => {
  const dropSeasonRate = () => c.t.db.deleteFrom('currency_rates').where('currency_id', '=', c.f.currencyId).where('season_id', '=', c.f.seasonId).execute();

  it('refuses a price with a positive net with 400 naming the row, rather than store cost 0', async () => {
    await dropSeasonRate();
    const response = await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20)])] });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]).toMatchObject({ path: 'categories.0.prices.0.gross' });
    expect(errorsOf(response)[0].msg).toMatch(/^Row 0 .*no exchange rate/);
    expect(await storedRows('tour_prices')).toEqual([]);
  });

  it('refuses a bike and an extra the same way', async () => {
    await dropSeasonRate();
    const bikes = await send('PUT', bikesPath(), { version: 1, bikes: [{ bike_id: c.f.bikeId, gross: 300, markup_rate_id: c.f.rates.r20 }] });
    expect(bikes.statusCode).toBe(400);
    expect(errorsOf(bikes)[0].msg).toMatch(/^Row 0 \(new bike\): .*no exchange rate/);
    const party = await send('POST', extrasPath('party'), { version: 1, ...partyExtra([variation(675, c.f.rates.r20)]) });
    expect(party.statusCode).toBe(400);
  });

  it('keeps the stored net and cost of a row saved again unchanged', async () => {
    const saved = (
      await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20), price(100, c.f.rates.r20)])] })
    ).json<SeasonPricing>();
    await dropSeasonRate();
    const body = {
      version: saved.tour_season.version,
      categories: saved.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _n, cost: _c, ...fields }) => fields) })),
    };
    body.categories[0].prices[1].gross = 0;
    const response = await send('PUT', pricingPath(), body);
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[0].prices.map(({ gross, net, cost }) => ({ gross, net, cost }))).toEqual([
      { gross: 675, net: 540, cost: 648 },
      { gross: 0, net: 0, cost: 0 },
    ]);
  });
});

describe('money is stored and answered exactly', () => {
  it('answers and stores net 987.648 for gross 1234.56 at 20% commission, not 987.6479999999999', async () => {
    const saved = await send('PUT', pricingPath(), { version: 1, categories: [group([price(1234.56, c.f.rates.r20)])] });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('"net":987.648,');
    expect(saved.json<SeasonPricing>().categories[0].prices[0].net).toBe(987.648);
    const reread = await send('GET', pricingPath());
    expect(reread.body).toContain('"net":987.648,');
    expect((await storedRows('tour_prices'))[0]).toMatchObject({ gross: '1234.56', net: '987.648' });
  });

  it('stores exact nets for bikes and extras too', async () => {
    await send('PUT', bikesPath(), { version: 1, bikes: [{ bike_id: c.f.bikeId, gross: 1234.56, markup_rate_id: c.f.rates.r20 }] });
    expect((await storedRows('tour_bikes'))[0]).toMatchObject({ net: '987.648' });
    await send('POST', extrasPath('party'), { version: 2, ...partyExtra([variation(1234.56, c.f.rates.r20)]) });
    expect((await storedRows('tour_party_extra_variations'))[0]).toMatchObject({ net: '987.648' });
  });
});

describe('a tour season change that reprices its rows', () => {
  type TourAnswer = {
    version: number;
    seasons: { id: number; season_id: number; deposit: number | null; live: boolean; markup_model_id: number | null; currency_id: number | null }[];
  };
  const switchSeason = async (change: { markup_model_id?: number; currency_id?: number }) => {
    const tour = (await send('GET', `tours/${c.f.tourId}`)).json<TourAnswer>();
    const seasons = tour.seasons.map(({ id, season_id, deposit, live, markup_model_id, currency_id }) => ({
      id,
      season_id,
      deposit,
      live,
      markup_model_id,
      currency_id,
      ...change,
    }));
    return send('PUT', `tours/${c.f.tourId}`, { version: tour.version, seasons });
  };
  const storedPrices = async () => (await storedRows('tour_prices')).map(({ net, cost, markup_rate_id }) => ({ net, cost, markup_rate_id }));
  const storedSeason = () =>
    c.t.db.selectFrom('tour_seasons').select(['markup_model_id', 'currency_id']).where('id', '=', c.f.tourSeasonId).executeTakeFirstOrThrow();

  it('refuses with 409 naming the season and the row a move to a currency without a rate for the season, and changes nothing', async () => {
    await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20)])] });
    const before = await storedPrices();
    expect(before).toEqual([{ net: '540', cost: '648', markup_rate_id: c.f.rates.r20 }]);
    const franc = await c.t.db.insertInto('currencies').values({ name: 'Franc', symbol: 'CHF', rate: 1 }).returning('id').executeTakeFirstOrThrow();
    const moved = await switchSeason({ currency_id: franc.id });
    expect(moved.statusCode).toBe(409);
    const [error] = errorsOf(moved);
    const [stored] = await storedRows('tour_prices');
    expect(error.msg).toMatch(
      new RegExp(
        `^Season Season \\d+ \\(tour season ${c.f.tourSeasonId}\\): 1 row could not be priced ` +
          `after this change \\(Franc has no rate for the season\\): price ${stored.id}$`,
      ),
    );
    expect(error.path).toBe('seasons.0');
    expect(await storedPrices()).toEqual(before);
    expect(await storedSeason()).toEqual({ markup_model_id: c.f.modelId, currency_id: c.f.currencyId });
  });

  it('refuses with 409 a move to a model without a row’s commission, and changes nothing', async () => {
    await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20), price(500, c.f.rates.r10)])] });
    const before = await storedPrices();
    const model = await c.t.db.insertInto('markup_models').values({ name: 'Only twenty', season_id: c.f.seasonId }).returning('id').executeTakeFirstOrThrow();
    await c.t.db.insertInto('markup_rates').values({ markup_model_id: model.id, commission: 20, markup: 1.4, supplement_markup: 1.2 }).execute();
    const moved = await switchSeason({ markup_model_id: model.id });
    expect(moved.statusCode).toBe(409);
    expect(errorsOf(moved)[0].msg).toMatch(
      /: 1 row could not be priced after this change \(commission rate \d+ is not a rate of model Only twenty\): price \d+$/,
    );
    expect(await storedPrices()).toEqual(before);
    expect(await storedSeason()).toEqual({ markup_model_id: c.f.modelId, currency_id: c.f.currencyId });
  });

  it('reprices the rows when every row can be priced after the move', async () => {
    await send('PUT', pricingPath(), { version: 1, categories: [group([price(675, c.f.rates.r20)])] });
    const model = await c.t.db.insertInto('markup_models').values({ name: 'Only twenty', season_id: c.f.seasonId }).returning('id').executeTakeFirstOrThrow();
    const rate = await c.t.db
      .insertInto('markup_rates')
      .values({ markup_model_id: model.id, commission: 20, markup: 1.5, supplement_markup: 1.2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await switchSeason({ markup_model_id: model.id });
    expect(moved.statusCode).toBe(200);
    // 540 / 1.1 * 1.5 = 736.36..., rounded up to 737.
    expect(await storedPrices()).toEqual([{ net: '540', cost: '737', markup_rate_id: rate.id }]);
  });
});
