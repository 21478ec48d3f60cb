import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addHotel, call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST tours', () => {
  it('creates a draft tour with a slug made from its name', async () => {
    const tour = await createTour(t, { name: 'Lake Constance à Vélo', tour_code: 'LC1' });
    expect(tour).toMatchObject({ name: 'Lake Constance à Vélo', slug: 'lake-constance-a-velo', tour_code: 'LC1', status: 'draft', deleted: false, version: 1 });
    expect(tour.seasons).toEqual([]);
    expect(tour.allSeasons).toEqual(expect.any(Array));
    expect(tour.public_url).toBeNull();
  });

  it('stores every field of the form as sent, with rich text cleaned', async () => {
    const hotel = await addHotel(t.db, 'Hotel Post');
    const tour = await createTour(t, {
      name: 'Moselle Vineyards',
      slug: 'moselle-vineyards',
      nights: [7, 9],
      difficulty: ['Easy', 'Moderate'],
      guidance: 2,
      months: [5, 6, 9],
      arrival_days: [6],
      bike_and_boat: true,
      solo_cyclists_allowed: true,
      hotels: [hotel],
      balance_due: 56,
      content: '<p onclick="steal()">Rolling <strong>hills</strong></p><script>alert(1)</script>',
      seo_description: 'Cycle the Moselle',
    });
    expect(tour).toMatchObject({
      nights: [7, 9],
      difficulty: ['Easy', 'Moderate'],
      guidance: 2,
      months: [5, 6, 9],
      arrival_days: [6],
      hotels: [hotel],
      balance_due: 56,
    });
    expect(tour.content).toBe('<p>Rolling <strong>hills</strong></p>');
  });

  it('refuses a tour without a name, with the field named', async () => {
    const response = await call(t, 'POST', 'tours', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Name is required', path: 'name' }]);
  });

  it.each([
    ['nights outside 1-15', { nights: [16] }, 'nights.0'],
    ['an unknown difficulty', { difficulty: ['Extreme'] }, 'difficulty.0'],
    ['an unknown status', { status: 'archived' }, 'status'],
    ['a guidance other than 0, 1 or 2', { guidance: 5 }, 'guidance'],
    ['a slug with spaces', { slug: 'two words' }, 'slug'],
    ['an all-digit slug', { slug: '2026' }, 'slug'],
    ['a text instead of a list', { hotels: '1,2' }, 'hotels'],
  ])('refuses %s', async (_label, fields, path) => {
    const before = await t.db.selectFrom('tours').select('id').execute();
    const response = await call(t, 'POST', 'tours', { name: 'Bad tour', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
    expect(await t.db.selectFrom('tours').select('id').execute()).toHaveLength(before.length);
  });

  it.each([
    ['hotels', 'hotels 999999 does not exist'],
    ['related_themes', 'related_themes 999999 does not exist'],
    ['related_tours', 'related_tours 999999 does not exist'],
  ])('refuses %s links to records that do not exist', async (field, msg) => {
    const response = await call(t, 'POST', 'tours', { name: 'Dangling', [field]: [999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg, path: field }]);
  });

  it('answers 409 when the slug is taken by a tour that is not deleted', async () => {
    await createTour(t, { name: 'Taken', slug: 'taken-slug' });
    const response = await call(t, 'POST', 'tours', { name: 'Taken again', slug: 'taken-slug' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors[0].msg).toContain('taken-slug');
  });
});

describe('GET tours/{id}', () => {
  it('finds a tour by id and by slug', async () => {
    const tour = await createTour(t, { name: 'Loire Castles' });
    const byId = await call(t, 'GET', `tours/${tour.id}`);
    const bySlug = await call(t, 'GET', 'tours/loire-castles');
    expect(byId.statusCode).toBe(200);
    expect(bySlug.json<Tour>()).toEqual(byId.json<Tour>());
  });

  it('answers 404 for an unknown id or slug', async () => {
    expect((await call(t, 'GET', 'tours/987654')).statusCode).toBe(404);
    const response = await call(t, 'GET', 'tours/no-such-tour');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ msg: 'Tour not found' }] });
  });
});

describe('PUT tours/{id}', () => {
  it('saves the fields sent, keeps the others and moves to the next version', async () => {
    const tour = await createTour(t, { name: 'Po Delta', tour_code: 'PD', seo_title: 'Old title' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, {
      version: tour.version,
      name: 'Po Delta by Bike',
      status: 'live',
      seo_description: 'Flat and lovely',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Tour>()).toMatchObject({
      name: 'Po Delta by Bike',
      status: 'live',
      tour_code: 'PD',
      seo_title: 'Old title',
      version: tour.version + 1,
    });
  });

  it('answers 409 to a save made from a stale version and changes nothing', async () => {
    const tour = await createTour(t, { name: 'Stale Story' });
    const first = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, name: 'First save wins' });
    expect(first.statusCode).toBe(200);
    const second = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, name: 'Second save loses' });
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().errors).toEqual([{ msg: expect.stringContaining('changed by someone else'), path: 'version' }]);
    const stored = await call(t, 'GET', `tours/${tour.id}`);
    expect(stored.json<Tour>()).toMatchObject({ name: 'First save wins', version: tour.version + 1 });
  });

  it('refuses a blank SEO description with the catalogue message', async () => {
    const tour = await createTour(t, { name: 'Seo Rule', seo_description: 'Something' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, seo_description: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Supply an SEO description', path: 'seo_description' }]);
  });

  it('refuses a save without the version it was read at', async () => {
    const tour = await createTour(t, { name: 'No Version' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { name: 'Blind write' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toEqual(['version']);
  });

  it('answers 404 for a tour that does not exist', async () => {
    expect((await call(t, 'PUT', 'tours/987654', { version: 1, name: 'Ghost' })).statusCode).toBe(404);
  });

  it('deletes a tour as an update: deleted, back to draft, gone from the list, slug free again', async () => {
    const tour = await createTour(t, { name: 'Short Lived', slug: 'short-lived', status: 'live' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, deleted: true, status: 'draft' });
    expect(response.json<Tour>()).toMatchObject({ deleted: true, status: 'draft' });
    const list = await call(t, 'GET', 'tours/all');
    expect(list.json<{ id: number }[]>().map((item) => item.id)).not.toContain(tour.id);
    expect((await call(t, 'GET', 'tours/short-lived')).statusCode).toBe(404);
    expect((await call(t, 'POST', 'tours', { name: 'Short Lived' })).statusCode).toBe(201);
  });
});
