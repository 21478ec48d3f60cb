import { describe, expect, it } from 'vitest';
import type { TourRoute } from '../../src/domain/pricing/tour-routes.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import type { ErrorBody } from '../helpers/tour-test-data.js';

const c = pricingTestContext();

type RoutesAnswer = { routes: TourRoute[]; version: number };

const url = () => `/api/v1/tour-routes/${c.f.tourId}/${c.f.seasonId}`;
const read = async () => (await c.t.app.inject({ method: 'GET', url: url(), headers: c.t.auth })).json<RoutesAnswer>();
const save = (payload: object) => c.t.app.inject({ method: 'PUT', url: url(), headers: c.t.auth, payload });

describe('GET tour-routes/{tourId}/{seasonId}', () => {
  it('reads a season without routes, with the season’s version', async () => {
    expect(await read()).toEqual({ routes: [], version: 1 });
  });

  it('answers 404 for a season the tour does not have', async () => {
    const response = await c.t.app.inject({ method: 'GET', url: `/api/v1/tour-routes/${c.f.tourId}/999999`, headers: c.t.auth });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT tour-routes/{tourId}/{seasonId}', () => {
  it('adds named routes in the order sent and answers them with the new version', async () => {
    const response = await save({ version: 1, routes: [{ name: 'Riverside' }, { name: ' Hill variant ' }] });
    expect(response.statusCode).toBe(200);
    const saved = response.json<RoutesAnswer>();
    expect(saved.version).toBe(2);
    expect(saved.routes).toEqual([
      { id: expect.any(Number), name: 'Riverside', tour_season_id: c.f.tourSeasonId },
      { id: expect.any(Number), name: 'Hill variant', tour_season_id: c.f.tourSeasonId },
    ]);
    expect(await read()).toEqual(saved);
  });

  it('renames the routes it names, removes the ones left out and unsets a removed route on its price groups', async () => {
    const [riverside, hills] = (await save({ version: 1, routes: [{ name: 'Riverside' }, { name: 'Hills' }] })).json<RoutesAnswer>().routes;
    await c.t.db.updateTable('tour_pricing_categories').set({ tour_route_id: hills.id }).where('id', '=', c.f.categoryId).execute();
    const response = await save({ version: 2, routes: [{ id: riverside.id, name: 'Riverside path' }, { name: 'Lakes' }] });
    expect(response.statusCode).toBe(200);
    expect(response.json<RoutesAnswer>().routes.map((route) => [route.id === riverside.id, route.name])).toEqual([
      [true, 'Riverside path'],
      [false, 'Lakes'],
    ]);
    const group = await c.t.db.selectFrom('tour_pricing_categories').select('tour_route_id').where('id', '=', c.f.categoryId).executeTakeFirstOrThrow();
    expect(group.tour_route_id).toBeNull();
  });

  it('answers 409 to a save made from a stale version and keeps the other save', async () => {
    expect((await save({ version: 1, routes: [{ name: 'Riverside' }] })).statusCode).toBe(200);
    const stale = await save({ version: 1, routes: [{ name: 'Overwritten' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().errors[0].path).toBe('version');
    expect((await read()).routes.map((route) => route.name)).toEqual(['Riverside']);
  });

  it.each([
    ['a route without a name', () => [{ name: 'Kept' }, { name: '   ' }], 'routes.1.name'],
    ['a route of another season', () => [{ name: 'Kept' }, { id: 999_999, name: 'Foreign' }], 'routes.1.id'],
    ['a list that is not a list', () => 'Riverside', 'routes'],
  ])('refuses %s and changes nothing', async (_label, routes, path) => {
    const before = (await save({ version: 1, routes: [{ name: 'Riverside' }] })).json<RoutesAnswer>();
    const response = await save({ version: 2, routes: routes() });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
    expect(await read()).toEqual(before);
  });
});
