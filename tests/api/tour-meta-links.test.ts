import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { addGallery } from '../helpers/media-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addHotel, addRestaurant, call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT tours/{id} with a meta array, and GET tours/{id}/meta', () => {
  it('stores the details snippets, cleaning rich text but keeping the map text as typed', async () => {
    const tour = await createTour(t, { name: 'Meta Tour' });
    const gallery = await addGallery(t.db);
    const response = await call(t, 'PUT', `tours/${tour.id}`, {
      version: tour.version,
      accommodation_gallery_id: gallery,
      meta: [
        { key: 'accommodation', value: '<h2>Hotels</h2><p style="color:red" onclick="hack()">Cosy</p><script>alert(1)</script>' },
        { key: 'live_map', value: 'https://maps.example/embed?id=1&zoom=2' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Tour>()).toMatchObject({ version: tour.version + 1, accommodation_gallery_id: gallery });
    const meta = await call(t, 'GET', `tours/${tour.id}/meta`);
    expect(meta.json()).toEqual([
      { key: 'accommodation', value: '<h2>Hotels</h2><p>Cosy</p>' },
      { key: 'live_map', value: 'https://maps.example/embed?id=1&zoom=2' },
    ]);
  });

  it('overwrites the keys sent and keeps the others', async () => {
    const tour = await createTour(t, { name: 'Meta Overwrite' });
    const first = (
      await call(t, 'PUT', `tours/${tour.id}`, {
        version: tour.version,
        meta: [
          { key: 'weather', value: '<p>Sunny</p>' },
          { key: 'getting_there', value: '<p>Train</p>' },
        ],
      })
    ).json<Tour>();
    await call(t, 'PUT', `tours/${tour.id}`, { version: first.version, meta: [{ key: 'weather', value: '<p>Rainy</p>' }] });
    expect((await call(t, 'GET', `tours/${tour.id}/meta`)).json()).toEqual([
      { key: 'getting_there', value: '<p>Train</p>' },
      { key: 'weather', value: '<p>Rainy</p>' },
    ]);
  });

  it('answers 409 to a meta save from a stale version and keeps the stored snippet', async () => {
    const tour = await createTour(t, { name: 'Meta Race' });
    await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, meta: [{ key: 'weather', value: '<p>Kept</p>' }] });
    const stale = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, meta: [{ key: 'weather', value: '<p>Lost</p>' }] });
    expect(stale.statusCode).toBe(409);
    expect((await call(t, 'GET', `tours/${tour.id}/meta`)).json()).toEqual([{ key: 'weather', value: '<p>Kept</p>' }]);
  });

  it.each([
    ['a key with spaces', [{ key: 'live map', value: '' }]],
    [
      'the same key twice',
      [
        { key: 'weather', value: 'a' },
        { key: 'weather', value: 'b' },
      ],
    ],
    ['a value that is not text', [{ key: 'weather', value: 42 }]],
  ])('refuses %s', async (_label, meta) => {
    const tour = await createTour(t, { name: `Meta Refusal ${JSON.stringify(meta).length}` });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, meta });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors[0].path).toMatch(/^meta/);
  });

  it('answers 404 for the meta of a tour that does not exist', async () => {
    expect((await call(t, 'GET', 'tours/999999/meta')).statusCode).toBe(404);
  });
});

describe('GET tours/{id}/hotels and /restaurants', () => {
  it('answers the linked hotels and restaurants in the tour’s order', async () => {
    const riverside = await addHotel(t.db, 'Riverside Inn', '<p>By the water</p>');
    const castle = await addHotel(t.db, 'Castle Hotel');
    const bistro = await addRestaurant(t.db, 'Bistro Vélo', '<p>Local</p>');
    await addHotel(t.db, 'Not Linked');
    const tour = await createTour(t, { name: 'Linked Tour', hotels: [castle, riverside], restaurants: [bistro] });
    expect((await call(t, 'GET', `tours/${tour.slug}/hotels`)).json()).toEqual([
      { id: castle, name: 'Castle Hotel', content: '' },
      { id: riverside, name: 'Riverside Inn', content: '<p>By the water</p>' },
    ]);
    expect((await call(t, 'GET', `tours/${tour.id}/restaurants`)).json()).toEqual([{ id: bistro, name: 'Bistro Vélo', content: '<p>Local</p>' }]);
  });

  it('answers an empty list for a tour without links, and 404 for an unknown tour', async () => {
    const tour = await createTour(t, { name: 'Unlinked Tour' });
    expect((await call(t, 'GET', `tours/${tour.id}/hotels`)).json()).toEqual([]);
    expect((await call(t, 'GET', 'tours/unknown-tour/restaurants')).statusCode).toBe(404);
  });
});
