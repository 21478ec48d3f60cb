import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSeason, insertTour, type Body } from '../helpers/reference-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, body?: Body) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: t.auth, ...(body === undefined ? {} : { payload: body }) });
const created = async (path: string, body: Body) => {
  const response = await call('POST', path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Body & { id: number; version: number }>();
};

describe('regions are addressed by slug', () => {
  it('reads, updates and deletes a region through its slug', async () => {
    await created('regions', { name: 'Loire Valley', slug: 'loire-valley' });
    expect((await call('GET', 'regions/loire-valley')).json()).toEqual(expect.objectContaining({ name: 'Loire Valley' }));
    const renamed = await call('PUT', 'regions/loire-valley', { name: 'Loire', slug: 'loire', version: 1 });
    expect(renamed.json()).toEqual(expect.objectContaining({ name: 'Loire', slug: 'loire' }));
    expect((await call('GET', 'regions/loire-valley')).statusCode).toBe(404);
    expect((await call('DELETE', 'regions/loire')).statusCode).toBe(200);
    expect((await call('GET', 'regions/loire')).statusCode).toBe(404);
  });

  it('refuses a slug another region already has', async () => {
    await created('regions', { name: 'Douro', slug: 'douro' });
    const response = await call('POST', 'regions', { name: 'Douro again', slug: 'douro' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toEqual({ msg: expect.stringContaining('"douro" is already used'), path: 'slug' });
  });
});

describe('destinations carry their regions', () => {
  it('stores, replaces and reads back the list of region ids', async () => {
    const north = await created('regions', { name: 'North', slug: 'north' });
    const south = await created('regions', { name: 'South', slug: 'south' });
    const destination = await created('destinations', { name: 'Portugal', slug: 'portugal', regions: [south.id, north.id] });
    expect(destination.regions).toEqual([north.id, south.id].sort((a, b) => a - b));
    const updated = await call('PUT', `destinations/${destination.id}`, { regions: [south.id], version: destination.version });
    expect(updated.json()).toEqual(expect.objectContaining({ regions: [south.id], version: 2, name: 'Portugal' }));
    expect((await call('GET', 'destinations')).json<Body[]>().find((row) => row.id === destination.id)?.regions).toEqual([south.id]);
  });

  it('refuses a region that does not exist and stores nothing', async () => {
    const before = (await call('GET', 'destinations')).json<Body[]>().length;
    const response = await call('POST', 'destinations', { name: 'Atlantis', slug: 'atlantis', regions: [987654] });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toMatch(/region_id 987654 does not exist/);
    expect((await call('GET', 'destinations')).json<Body[]>()).toHaveLength(before);
  });

  it('names the destinations that still use a region', async () => {
    const region = await created('regions', { name: 'Algarve', slug: 'algarve' });
    await created('destinations', { name: 'Southern Portugal', slug: 'southern-portugal', regions: [region.id] });
    const response = await call('DELETE', 'regions/algarve');
    expect(response.json()).toEqual({ errors: [{ msg: 'It is still used by destinations Southern Portugal, so it was not deleted.' }] });
  });

  it('lets a soft-deleted tour no longer hold a destination', async () => {
    const destination = await created('destinations', { name: 'Malta', slug: 'malta' });
    const tour = await insertTour(t.db, { destinations: [destination.id] });
    expect((await call('DELETE', `destinations/${destination.id}`)).statusCode).toBe(409);
    await t.db.updateTable('tours').set({ deleted: true }).where('id', '=', tour.id).execute();
    expect((await call('DELETE', `destinations/${destination.id}`)).statusCode).toBe(200);
  });
});

describe('currencies carry a rate per season', () => {
  it('stores the season rates sent with the currency', async () => {
    const [first, second] = [await insertSeason(t.db), await insertSeason(t.db)];
    const currency = await created('currencies', {
      name: 'Swiss franc',
      symbol: 'CHF',
      rate: 1.12,
      rates: [
        { season_id: first, rate: 1.12 },
        { season_id: second, rate: 1.15 },
      ],
    });
    expect(currency.rates).toEqual([
      { season_id: first, rate: 1.12 },
      { season_id: second, rate: 1.15 },
    ]);
    const updated = await call('PUT', `currencies/${currency.id}`, { rates: [{ season_id: second, rate: 1.085 }], version: currency.version });
    expect(updated.json().rates).toEqual([{ season_id: second, rate: 1.085 }]);
  });

  it('sets one season rate through PUT currencies/{id}/{season_id}, keeping exact decimals', async () => {
    const season = await insertSeason(t.db);
    const currency = await created('currencies', { name: 'Krone', symbol: 'kr', rate: 11 });
    const response = await call('PUT', `currencies/${currency.id}/${season}`, { rate: 11.085, version: currency.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(expect.objectContaining({ rates: [{ season_id: season, rate: 11.085 }], version: 2 }));
    const again = await call('PUT', `currencies/${currency.id}/${season}`, { rate: 11.2, version: response.json<Body & { version: number }>().version });
    expect(again.json().rates).toEqual([{ season_id: season, rate: 11.2 }]);
    const stored = await t.db.selectFrom('currency_rates').select('rate').where('currency_id', '=', currency.id).execute();
    expect(stored).toEqual([{ rate: 11.2 }]);
  });

  it('answers 404 for an unknown currency or season and 400 for a rate of zero', async () => {
    const season = await insertSeason(t.db);
    const currency = await created('currencies', { name: 'Forint', symbol: 'Ft', rate: 400 });
    expect((await call('PUT', `currencies/999999/${season}`, { rate: 1, version: 1 })).json()).toEqual({ errors: [{ msg: 'Currency not found' }] });
    expect((await call('PUT', `currencies/${currency.id}/999999`, { rate: 1, version: currency.version })).json()).toEqual({
      errors: [{ msg: 'Season not found' }],
    });
    const zero = await call('PUT', `currencies/${currency.id}/${season}`, { rate: 0, version: currency.version });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].path).toBe('rate');
    expect(await t.db.selectFrom('currency_rates').selectAll().where('currency_id', '=', currency.id).execute()).toEqual([]);
  });
});

describe('categories (themes) carry tours', () => {
  it('keeps the order of its tours and accepts the short PUT {name, slug, tours} with the version read', async () => {
    const [a, b, c] = [await insertTour(t.db), await insertTour(t.db), await insertTour(t.db)];
    const category = await created('categories', {
      name: 'Family',
      slug: 'family',
      description: '<p>Kids welcome</p>',
      filter_id: 'easy',
      tours: [c.id, a.id],
    });
    expect(category.tours).toEqual([c.id, a.id]);
    const response = await call('PUT', `categories/${category.id}`, {
      name: 'Families',
      slug: 'families',
      tours: [b.id, c.id, a.id],
      version: category.version,
    });
    expect(response.json()).toEqual(
      expect.objectContaining({ name: 'Families', slug: 'families', tours: [b.id, c.id, a.id], description: '<p>Kids welcome</p>', filter_id: 'easy' }),
    );
  });

  it('defaults the filter to none', async () => {
    expect((await created('categories', { name: 'Plain', slug: 'plain' })).filter_id).toBe('none');
  });
});

describe('rich text is sanitised before it is stored', () => {
  it('removes scripts, handlers and unsafe links but keeps headings 2-6 and links', async () => {
    const hotel = await created('hotels', {
      name: 'Hotel Sanitised',
      content:
        '<h1>Top</h1><h3 onclick="x()">Rooms</h3><script>alert(1)</script><p><a href="javascript:alert(1)">bad</a> ' +
        '<a href="https://example.org" target="_blank">good</a></p><img src=x onerror=alert(1)>',
    });
    expect(hotel.content).toBe('<h2>Top</h2><h3>Rooms</h3><p><a>bad</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a></p>');
  });

  it('refuses a boat description that is only a script, since nothing is left of it', async () => {
    const response = await call('POST', 'boats', { name: 'Sneaky', description: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ msg: 'Description is required', path: 'description' }] });
  });
});

describe('lists that grow filter and page on the server', () => {
  it('answers one page with the total, filtered by name, in a stable order', async () => {
    for (let index = 0; index < 30; index += 1) await created('hotels', { name: `Paging Hotel ${String(index).padStart(2, '0')}` });
    await created('hotels', { name: 'Other 100%_inn' });
    const page = await call('GET', 'hotels?q=paging hotel&page=2&per_page=10');
    expect(page.statusCode).toBe(200);
    const body = page.json<{ results: Body[]; total: number; page: number; per_page: number }>();
    expect(body).toEqual(expect.objectContaining({ total: 30, page: 2, per_page: 10 }));
    expect(body.results.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Paging Hotel ${10 + index}`));
    const descending = await call('GET', 'hotels?q=paging&sort=name&dir=desc&page=1&per_page=1');
    expect(descending.json().results[0].name).toBe('Paging Hotel 29');
  });

  it('treats % and _ in the filter as plain characters', async () => {
    const body = (await call('GET', 'hotels?q=100%25_')).json<{ results: Body[]; total: number }>();
    expect(body.results.map((row) => row.name)).toEqual(['Other 100%_inn']);
  });

  it('refuses an unknown sort column and a page size above the limit', async () => {
    expect((await call('GET', 'hotels?sort=password')).statusCode).toBe(400);
    expect((await call('GET', 'hotels?page=1&per_page=100000')).statusCode).toBe(400);
  });
});
