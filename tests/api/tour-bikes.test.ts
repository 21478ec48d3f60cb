import { beforeEach, describe, expect, it } from 'vitest';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { createPricingFixture } from '../helpers/pricing-fixtures.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import { storedAndEngineCosts } from '../helpers/stored-price-check.js';
import type { ErrorBody } from '../helpers/tour-test-data.js';

const c = pricingTestContext();
let otherBikeId: number;
beforeEach(async () => {
  otherBikeId = (await c.t.db.insertInto('bikes').values({ name: 'E-bike' }).returning('id').executeTakeFirstOrThrow()).id;
});

type BikesAnswer = { tour_season: TourSeasonPricingContext; bikes: TourBike[] };
type Method = 'GET' | 'POST' | 'PUT';

const url = () => `/api/v1/tour-bikes/${c.f.tourId}/${c.f.seasonId}`;
const send = (method: Method, payload?: object, path = url()) => c.t.app.inject({ method, url: path, headers: c.t.auth, payload });
const read = async () => (await send('GET')).json<BikesAnswer>();
const bike = (gross: number, fields: Record<string, unknown> = {}) => ({ bike_id: c.f.bikeId, gross, markup_rate_id: c.f.rates.r20, ...fields });

/** What the price engine makes of a bike row with the season's stored rates (supplement markup). */
async function engineCost(input: { gross: number; non_com?: number; adjustment?: number; markup_rate_id: number | null }) {
  const context = (await read()).tour_season;
  const rate = resolveRate(context.model?.rates ?? [], input.markup_rate_id);
  const { net, cost } = computePrice({ non_com: 0, adjustment: 0, ...input }, rate, context.currency?.rate, 'supplement');
  return { net, cost };
}

describe('GET tour-bikes/{tourId}/{seasonId}', () => {
  it('reads a season without bikes with the model and currency it prices with', async () => {
    const answer = await read();
    expect(answer.bikes).toEqual([]);
    expect(answer.tour_season).toMatchObject({
      id: c.f.tourSeasonId,
      season_id: c.f.seasonId,
      version: 1,
      currency: { rate: 1.1 },
      model: { id: c.f.modelId },
    });
    expect(answer.tour_season.model?.rates.map((rate) => rate.id)).toEqual([c.f.rates.r20, c.f.rates.r10, c.f.rates.r0]);
  });

  it('answers 404 for a season the tour does not have', async () => {
    const response = await send('GET', undefined, `/api/v1/tour-bikes/${c.f.tourId}/999999`);
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT tour-bikes/{tourId}/{seasonId}', () => {
  it('stores the bikes in the order sent, each priced by the engine at the supplement markup', async () => {
    const response = await send('PUT', {
      version: 1,
      bikes: [bike(120, { nights: 7, gallery_id: 44 }), bike(80, { bike_id: otherBikeId, non_com: 20, adjustment: 5, markup_rate_id: c.f.rates.r10 })],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<BikesAnswer>();
    expect(saved.tour_season.version).toBe(2);
    expect(saved.bikes.map((row) => [row.bike_id, row.order, row.nights, row.gallery_id])).toEqual([
      [c.f.bikeId, 0, 7, 44],
      [otherBikeId, 1, null, null],
    ]);
    expect(saved.bikes[0]).toMatchObject(await engineCost({ gross: 120, markup_rate_id: c.f.rates.r20 }));
    expect(saved.bikes[1]).toMatchObject(await engineCost({ gross: 80, non_com: 20, adjustment: 5, markup_rate_id: c.f.rates.r10 }));
    // 120 less 20% is 96; 96 / 1.1 * 1.2 = 104.7, rounded up to 105.
    expect(saved.bikes[0]).toMatchObject({ net: 96, cost: 105 });
    const { stored, engine } = await storedAndEngineCosts(c.t.db, 'bikes', c.f.tourSeasonId);
    expect(stored).toEqual(engine);
  });

  it('evaluates a gross formula against the other bike rows and ignores net and cost sent by the client', async () => {
    const response = await send('PUT', { version: 1, bikes: [bike(100), { ...bike(0, { formula: '[0]+50' }), net: 1, cost: 1 }] });
    expect(response.statusCode).toBe(200);
    const [, second] = response.json<BikesAnswer>().bikes;
    expect(second).toMatchObject({ formula: '[0]+50', gross: 150, ...(await engineCost({ gross: 150, markup_rate_id: c.f.rates.r20 })) });
  });

  it('updates the rows it names and deletes the rows left out', async () => {
    const first = (await send('PUT', { version: 1, bikes: [bike(100), bike(200, { bike_id: otherBikeId })] })).json<BikesAnswer>();
    const [kept, dropped] = first.bikes;
    const response = await send('PUT', { version: 2, bikes: [{ ...bike(110), id: kept.id }], removed_ids: [dropped.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json<BikesAnswer>().bikes).toEqual([
      expect.objectContaining({ id: kept.id, gross: 110, ...(await engineCost({ gross: 110, markup_rate_id: c.f.rates.r20 })) }),
    ]);
    const left = await c.t.db.selectFrom('tour_bikes').select('id').where('id', '=', dropped.id).execute();
    expect(left).toEqual([]);
  });

  it('keeps the order of the rows as moved on the screen: each bike is read back at its place, order its position', async () => {
    const first = (await send('PUT', { version: 1, bikes: [bike(100), bike(200, { bike_id: otherBikeId }), bike(300)] })).json<BikesAnswer>();
    const [a, b, c3] = first.bikes;
    // The bikes tab shows Order as the row's place and sends rows in their new order; an order
    // number in the body (0 typed for the last row, as in issue 17) cannot reorder them.
    const moved = [c3, a, b].map(({ net: _net, cost: _cost, tour_season_id: _season, ...row }, index) => ({ ...row, order: [0, 7, 1][index] }));
    const response = await send('PUT', { version: 2, bikes: moved });
    expect(response.statusCode).toBe(200);
    const reread = (await read()).bikes;
    expect(reread.map((row) => [row.id, row.order, Number(row.gross)])).toEqual([
      [c3.id, 0, 300],
      [a.id, 1, 100],
      [b.id, 2, 200],
    ]);
  });

  it('answers 409 to a save made from a stale version and keeps the other save', async () => {
    expect((await send('PUT', { version: 1, bikes: [bike(100)] })).statusCode).toBe(200);
    const stale = await send('PUT', { version: 1, bikes: [bike(999)] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().errors[0]).toMatchObject({ msg: expect.stringContaining('changed by someone else'), path: 'version' });
    const after = await read();
    expect(after.bikes.map((row) => row.gross)).toEqual([100]);
    expect(after.tour_season.version).toBe(2);
  });

  it.each([
    ['a gross that is not a number', () => [bike(100), { ...bike(0), gross: 'lots' }], 400, 'bikes.1.gross'],
    ['a bike row without its bike', () => [bike(100), { gross: 5 }], 400, 'bikes.1.bike_id'],
    ['a formula with a cycle', () => [bike(0, { formula: '[1]' }), bike(0, { formula: '[0]+1' })], 400, 'bikes.0.gross'],
    ['a bike row of another season', () => [{ ...bike(100), id: 999_999 }], 400, 'bikes.0.id'],
    ['a bike that does not exist', () => [bike(100), bike(5, { bike_id: 987_654 })], 409, 'bike_id'],
  ])('refuses %s and leaves the season as it was', async (_label, bikes, status, path) => {
    const before = (await send('PUT', { version: 1, bikes: [bike(300), bike(200, { bike_id: otherBikeId })] })).json<BikesAnswer>();
    const response = await send('PUT', { version: 2, bikes: bikes() });
    expect(response.statusCode).toBe(status);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
    expect(await read()).toEqual(before);
  });

  it('names the missing bike by its id, so the screen can mark the row', async () => {
    const response = await send('PUT', { version: 1, bikes: [bike(5, { bike_id: 987_654 })] });
    expect(response.json<ErrorBody>().errors[0].msg).toBe('bike_id 987654 does not exist in bikes.');
  });
});

describe('POST tour-bikes/{tourId}/{seasonId}', () => {
  it('adds bikes after the season’s own and answers only the created rows, priced', async () => {
    await send('PUT', { version: 1, bikes: [bike(100)] });
    const response = await send('POST', { bikes: [bike(120, { bike_id: otherBikeId }), bike(0, { formula: '[0]*2' })] });
    expect(response.statusCode).toBe(201);
    const created = response.json<TourBike[]>();
    expect(created.map((row) => [row.bike_id, row.order, row.gross])).toEqual([
      [otherBikeId, 1, 120],
      [c.f.bikeId, 2, 200],
    ]);
    expect(created[0]).toMatchObject(await engineCost({ gross: 120, markup_rate_id: c.f.rates.r20 }));
    const after = await read();
    expect(after.bikes).toHaveLength(3);
    expect(after.tour_season.version).toBe(3);
  });

  it('answers 409 when the version sent is stale, and adds nothing', async () => {
    await send('PUT', { version: 1, bikes: [bike(100)] });
    const response = await send('POST', { version: 1, bikes: [bike(50)] });
    expect(response.statusCode).toBe(409);
    expect((await read()).bikes.map((row) => row.gross)).toEqual([100]);
  });

  it('refuses an empty list of bikes: Add Bike needs one', async () => {
    const response = await send('POST', { bikes: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors[0]).toMatchObject({ msg: 'Choose at least one bike', path: 'bikes' });
    expect(await read()).toMatchObject({ bikes: [], tour_season: { version: 1 } });
  });
});

describe('GET tours/{tour_id}/{tour_season_id}/bikes', () => {
  it('lists the bikes of a tour season by the tour season’s own id', async () => {
    const saved = (await send('PUT', { version: 1, bikes: [bike(100), bike(200, { bike_id: otherBikeId })] })).json<BikesAnswer>();
    const response = await send('GET', undefined, `/api/v1/tours/${c.f.tourId}/${c.f.tourSeasonId}/bikes`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TourBike[]>()).toEqual(saved.bikes);
  });

  it('answers 404 for a tour season of another tour', async () => {
    const other = await createPricingFixture(c.t.db);
    const response = await send('GET', undefined, `/api/v1/tours/${c.f.tourId}/${other.tourSeasonId}/bikes`);
    expect(response.statusCode).toBe(404);
  });
});
