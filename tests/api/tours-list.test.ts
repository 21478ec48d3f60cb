import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourListItem, TourListPage } from '../../src/domain/tours/tour-list-schema.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addSeason, call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
const tours: Record<string, Tour> = {};
beforeAll(async () => {
  t = await createTestApp();
  const season = await addSeason(t.db, '2026');
  tours.alps = await createTour(t, { name: 'Alpine Lakes', tour_code: 'C-ALP', status: 'live' });
  tours.baltic = await createTour(t, { name: 'baltic Coast', tour_code: 'A-BAL' });
  tours.crete = await createTour(t, { name: 'Crete 100% Walking_Tour', tour_code: 'B-CRE', status: 'live' });
  tours.gone = await createTour(t, { name: 'Deleted Dolomites', tour_code: 'D-DOL' });
  await call(t, 'PUT', `tours/${tours.gone.id}`, { version: tours.gone.version, deleted: true, status: 'draft' });
  await call(t, 'PUT', `tours/${tours.alps.id}`, {
    version: tours.alps.version,
    seasons: [{ season_id: season.seasonId, markup_model_id: season.modelId, live: true }],
  });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await call(t, 'GET', `tours/all${query}`);
  expect(response.statusCode).toBe(200);
  return { items: response.json<TourListItem[]>() };
};
const page = async (query: string) => {
  const response = await call(t, 'GET', `tours/all${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<TourListPage>();
};

describe('GET tours/all', () => {
  it('lists every tour that is not deleted, with its seasons and their model numbers', async () => {
    const { items } = await list();
    expect(items.map((item) => item.name)).toEqual(['Alpine Lakes', 'baltic Coast', 'Crete 100% Walking_Tour']);
    expect(items[0]).toEqual({
      id: tours.alps.id,
      name: 'Alpine Lakes',
      slug: 'alpine-lakes',
      tour_code: 'C-ALP',
      status: 'live',
      order: 0,
      version: tours.alps.version + 1,
      seasons: [{ id: expect.any(Number), season_id: expect.any(Number), name: '2026', markup_model_id: expect.any(Number), live: true }],
      public_url: null,
    });
  });

  it('sorts by name ignoring case, by tour code and by status, either way', async () => {
    expect((await list('?sort=name&dir=desc')).items.map((item) => item.name)).toEqual(['Crete 100% Walking_Tour', 'baltic Coast', 'Alpine Lakes']);
    expect((await list('?sort=tour_code')).items.map((item) => item.tour_code)).toEqual(['A-BAL', 'B-CRE', 'C-ALP']);
    expect((await list('?sort=status&dir=desc')).items.map((item) => item.status)).toEqual(['live', 'live', 'draft']);
  });

  it('filters on the name, treating % and _ as plain characters', async () => {
    expect((await page('?q=COAST')).results.map((item) => item.name)).toEqual(['baltic Coast']);
    expect((await page('?q=100%25')).results.map((item) => item.name)).toEqual(['Crete 100% Walking_Tour']);
    expect((await page('?q=crete_100')).results).toEqual([]);
  });

  it('pages, telling the total', async () => {
    const second = await page('?sort=name&page=2&per_page=2');
    expect(second.results.map((item) => item.name)).toEqual(['Crete 100% Walking_Tour']);
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 2 });
  });

  it.each(['?sort=price', '?dir=up', '?per_page=0', '?page=0', '?per_page=many'])('refuses the query %s', async (query) => {
    const response = await call(t, 'GET', `tours/all${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.length).toBeGreaterThan(0);
  });
});

describe('PUT tours/re/orders', () => {
  it('stores the order and lists tours in it, without touching their versions', async () => {
    const orders = [
      { id: tours.crete.id, order: 0 },
      { id: tours.alps.id, order: 1 },
      { id: tours.baltic.id, order: 2 },
    ];
    const response = await call(t, 'PUT', 'tours/re/orders', { orders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orders });
    expect((await list()).items.map((item) => item.id)).toEqual([tours.crete.id, tours.alps.id, tours.baltic.id]);
    const baltic = (await call(t, 'GET', `tours/${tours.baltic.id}`)).json<Tour>();
    expect(baltic.version).toBe(tours.baltic.version);
  });

  it.each([
    ['an empty list', { orders: [] }],
    [
      'a tour twice',
      {
        orders: [
          { id: 1, order: 0 },
          { id: 1, order: 1 },
        ],
      },
    ],
    ['a negative order', { orders: [{ id: 1, order: -1 }] }],
    ['orders that are not a list', { orders: 'first' }],
  ])('refuses %s', async (_label, body) => {
    const response = await call(t, 'PUT', 'tours/re/orders', body);
    expect(response.statusCode).toBe(400);
  });

  it('refuses orders of tours that do not exist and changes nothing', async () => {
    const before = (await list()).items.map((item) => item.id);
    const response = await call(t, 'PUT', 'tours/re/orders', {
      orders: [
        { id: tours.baltic.id, order: 0 },
        { id: 999_999, order: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Tour 999999 does not exist', path: 'orders' }]);
    expect((await list()).items.map((item) => item.id)).toEqual(before);
  });
});
