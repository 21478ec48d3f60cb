import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDocumentation } from '../../src/domain/bookings/booking-documentation-schema.js';
import type { TourDocumentation } from '../../src/domain/tours/tour-documentation-schema.js';
import { createBookingFixture } from '../helpers/booking-test-data.js';
import { addMediaRow } from '../helpers/media-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
let tourCount = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newTour = () => createTour(t, { name: `Documented Tour ${++tourCount}` });
const fields = { arrival: '<p>Take the train</p>', luggage: '<p>One bag</p>', food: '<p>Breakfast</p>', bike_details: '<p>Hybrid</p>' };

describe('GET and PUT tours/{id}/documentation', () => {
  it('answers empty fields for a tour that has none yet', async () => {
    const tour = await newTour();
    expect((await call(t, 'GET', `tours/${tour.id}/documentation`)).json()).toEqual({
      id: null,
      version: tour.version,
      arrival: '',
      luggage: '',
      food: '',
      bike_details: '',
      map_id: null,
    });
  });

  it('saves the four fields, cleaned, then updates the same record', async () => {
    const tour = await newTour();
    const first = await call(t, 'PUT', `tours/${tour.id}/documentation`, {
      ...fields,
      arrival: '<p>Train<iframe src="x"></iframe></p>',
      id: null,
      version: tour.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json<TourDocumentation>();
    expect(saved).toEqual({ ...fields, arrival: '<p>Train</p>', id: expect.any(Number), version: tour.version + 1, map_id: null });
    const second = (
      await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, food: '<p>Half board</p>', id: saved.id, version: saved.version })
    ).json<TourDocumentation>();
    expect(second).toMatchObject({ id: saved.id, food: '<p>Half board</p>', version: saved.version + 1 });
    expect((await call(t, 'GET', `tours/${tour.id}/documentation`)).json()).toEqual(second);
  });

  it('answers 409 to a save from a stale version and keeps the stored text', async () => {
    const tour = await newTour();
    const saved = (await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, version: tour.version })).json<TourDocumentation>();
    const stale = await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, luggage: '<p>Lost</p>', version: tour.version });
    expect(stale.statusCode).toBe(409);
    expect((await call(t, 'GET', `tours/${tour.id}/documentation`)).json()).toEqual(saved);
  });

  it('stores the map image, keeps it when a save leaves map_id out, and removes it with null', async () => {
    const tour = await newTour();
    const map = await addMediaRow(t.db, 'Route map');
    const withMap = (await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, map_id: map, version: tour.version })).json<TourDocumentation>();
    expect(withMap.map_id).toBe(map);
    const kept = (
      await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, food: '<p>Dinner</p>', version: withMap.version })
    ).json<TourDocumentation>();
    expect(kept).toMatchObject({ food: '<p>Dinner</p>', map_id: map });
    const cleared = (await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, map_id: null, version: kept.version })).json<TourDocumentation>();
    expect(cleared.map_id).toBeNull();
    expect((await call(t, 'GET', `tours/${tour.id}/documentation`)).json<TourDocumentation>().map_id).toBeNull();
  });

  it('refuses a map that is not an image of the library, and changes nothing', async () => {
    const tour = await newTour();
    const refused = await call(t, 'PUT', `tours/${tour.id}/documentation`, { ...fields, map_id: 999999, version: tour.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([expect.objectContaining({ msg: 'map_id 999999 does not exist', path: 'map_id' })]);
    expect((await call(t, 'GET', `tours/${tour.id}/documentation`)).json()).toMatchObject({ id: null, version: tour.version, map_id: null });
  });

  it("puts the saved map in the customer's travel document", async () => {
    const booking = await createBookingFixture(t.db);
    const map = await addMediaRow(t.db, 'Loire map');
    const { version } = (await call(t, 'GET', `tours/${booking.tourId}/documentation`)).json<TourDocumentation>();
    expect((await call(t, 'PUT', `tours/${booking.tourId}/documentation`, { ...fields, map_id: map, version })).statusCode).toBe(200);
    const { file_name } = await t.db.selectFrom('media').select('file_name').where('id', '=', map).executeTakeFirstOrThrow();
    const document = (await call(t, 'GET', `bookings/${booking.bookingId}/documentation`)).json<BookingDocumentation>();
    expect(document.documentation_details).toMatchObject({ map_id: map, map: { url: `/media-files/${file_name}` }, bike_details: '<p>Hybrid</p>' });
  });

  it.each([
    ['a map that is not an id', { ...fields, map_id: 'map.png', version: 1 }, 'map_id'],
    ['a field that is not text', { ...fields, food: 12 }, 'food'],
    ['no version', { ...fields }, 'version'],
  ])('refuses %s', async (_label, body, path) => {
    const tour = await newTour();
    const response = await call(t, 'PUT', `tours/${tour.id}/documentation`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
  });

  it('answers 404 for a tour that does not exist', async () => {
    expect((await call(t, 'GET', 'tours/999999/documentation')).statusCode).toBe(404);
    expect((await call(t, 'PUT', 'tours/999999/documentation', { ...fields, version: 1 })).statusCode).toBe(404);
  });
});
