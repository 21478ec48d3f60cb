import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItinerariesResponse } from '../../src/domain/tours/itinerary-schema.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { addMediaRow } from '../helpers/media-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
let tourCount = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newTour = () => createTour(t, { name: `Itinerary Tour ${++tourCount}` });
const save = (tour: Pick<Tour, 'id'>, version: number, itineraries: unknown[]) => call(t, 'PUT', `tours/${tour.id}/itineraries`, { version, itineraries });

describe('GET and PUT tours/{id}/itineraries', () => {
  it('answers an empty itinerary with the tour version for a new tour', async () => {
    const tour = await newTour();
    expect((await call(t, 'GET', `tours/${tour.id}/itineraries`)).json()).toEqual({ version: tour.version, itineraries: [] });
  });

  it('saves the rows in the order sent, cleaning their content, and moves the tour to the next version', async () => {
    const tour = await newTour();
    const image = await addMediaRow(t.db);
    const response = await save(tour, tour.version, [
      { day: 2, title: 'Along the river', type: 'public', content: '<p>Flat<script>x()</script></p>', media_id: image },
      { day: 1, title: 'Arrival', type: 'documentation', content: '', media_id: '' },
    ]);
    expect(response.statusCode).toBe(200);
    const saved = response.json<ItinerariesResponse>();
    expect(saved.version).toBe(tour.version + 1);
    expect(saved.itineraries).toEqual([
      { id: expect.any(Number), day: 2, title: 'Along the river', type: 'public', content: '<p>Flat</p>', media_id: image },
      { id: expect.any(Number), day: 1, title: 'Arrival', type: 'documentation', content: '', media_id: null },
    ]);
    expect((await call(t, 'GET', `tours/${tour.id}/itineraries`)).json()).toEqual(saved);
  });

  it('reorders, edits and removes existing rows and adds new ones in one save', async () => {
    const tour = await newTour();
    const first = (
      await save(tour, tour.version, [
        { day: 1, title: 'One' },
        { day: 2, title: 'Two' },
        { day: 3, title: 'Three' },
      ])
    ).json<ItinerariesResponse>();
    const [one, two] = first.itineraries;
    const second = (await save(tour, first.version, [{ ...two, title: 'Two, edited' }, { day: 4, title: 'Four' }, one])).json<ItinerariesResponse>();
    expect(second.itineraries.map((row) => row.title)).toEqual(['Two, edited', 'Four', 'One']);
    expect(second.itineraries[0].id).toBe(two.id);
    expect(second.itineraries[2].id).toBe(one.id);
  });

  it('answers 409 to a save from a stale version and keeps the stored itinerary', async () => {
    const tour = await newTour();
    const first = (await save(tour, tour.version, [{ day: 1, title: 'Kept' }])).json<ItinerariesResponse>();
    const stale = await save(tour, tour.version, [{ day: 1, title: 'Lost' }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().errors[0]).toEqual({ msg: expect.stringContaining('Reload'), path: 'version' });
    expect((await call(t, 'GET', `tours/${tour.id}/itineraries`)).json()).toEqual(first);
  });

  it.each([
    ['a day that is not a number', [{ day: 'first', title: 'x' }], 'itineraries.0.day'],
    ['a negative day', [{ day: -1 }], 'itineraries.0.day'],
    ['an unknown type', [{ day: 1, type: 'secret' }], 'itineraries.0.type'],
    [
      'a row id twice',
      [
        { id: 5, day: 1 },
        { id: 5, day: 2 },
      ],
      'itineraries',
    ],
  ])('refuses %s', async (_label, itineraries, path) => {
    const tour = await newTour();
    const response = await save(tour, tour.version, itineraries);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.map((item) => item.path)).toContain(path);
  });

  it('refuses a list that is not wrapped with its version', async () => {
    const tour = await newTour();
    const response = await call(t, 'PUT', `tours/${tour.id}/itineraries`, [{ day: 1, title: 'x' }]);
    expect(response.statusCode).toBe(400);
  });

  it('refuses rows of another tour and changes nothing', async () => {
    const other = await newTour();
    const foreign = (await save(other, other.version, [{ day: 1, title: 'Elsewhere' }])).json<ItinerariesResponse>().itineraries[0];
    const tour = await newTour();
    const response = await save(tour, tour.version, [{ ...foreign, title: 'Stolen' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: `Itinerary ${foreign.id} does not belong to this tour`, path: 'itineraries.0.id' }]);
    expect((await call(t, 'GET', `tours/${other.id}/itineraries`)).json<ItinerariesResponse>().itineraries[0].title).toBe('Elsewhere');
    expect((await call(t, 'GET', `tours/${tour.id}`)).json<Tour>().version).toBe(tour.version);
  });

  it('answers 404 for a tour that does not exist', async () => {
    expect((await call(t, 'GET', 'tours/999999/itineraries')).statusCode).toBe(404);
    expect((await save({ id: 999_999 }, 1, [])).statusCode).toBe(404);
  });
});
