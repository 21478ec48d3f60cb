import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer, OfferListItem } from '../../src/domain/content/offer.js';
import { addBike, addMediaRow, addTour, call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let tourA: number;
let tourB: number;
let bike: number;
beforeAll(async () => {
  t = await createTestApp();
  tourA = await addTour(t.db, 'Rhine Cycle Route', 'rhine-cycle-route');
  tourB = await addTour(t.db, 'Moselle Meander', 'moselle-meander');
  bike = await addBike(t.db, 'Hybrid');
});
afterAll(() => t.close());

let count = 0;
const required = () => {
  count += 1;
  return { name: `Offer ${count}`, title: `Title ${count}`, subtitle: `Subtitle ${count}`, slug: `offer-${count}` };
};
const create = (fields: Record<string, unknown> = {}) => expectCall<Offer>(t, 'POST', 'offers/', { ...required(), ...fields }, 201);

describe('POST offers/', () => {
  it('creates a new offer as draft, type tour, discount null', async () => {
    const body = required();
    const offer = await create(body);
    expect(offer).toEqual({
      id: expect.any(Number),
      version: 1,
      ...body,
      status: 'draft',
      type: 'tour',
      discount: null,
      bike_ids: [],
      tour_ids: [],
      booking_window_start: null,
      booking_window_end: null,
      start_window_start: null,
      start_window_end: null,
      content: '',
      media_id: null,
      seo_title: '',
      seo_description: '',
      seo_keywords: '',
    });
    expect(await expectCall(t, 'GET', `offers/${offer.id}`, undefined, 200)).toEqual(offer);
  });

  it('also answers without the trailing slash', async () => {
    expect((await call(t, 'POST', 'offers', required())).statusCode).toBe(201);
  });

  it('stores every field: tours as entries with tour_id, bikes, windows, discount, image', async () => {
    const image = await addMediaRow(t.db);
    const offer = await create({
      status: 'live',
      type: '2for1bikes',
      discount: 12.5,
      tour_ids: [{ tour_id: tourB }, tourA],
      bike_ids: [bike],
      booking_window_start: '2026-01-01',
      booking_window_end: '2026-03-31',
      start_window_start: '2026-04-01',
      start_window_end: '',
      content: '<p>Two for one</p>',
      media_id: image,
    });
    expect(offer).toMatchObject({
      status: 'live',
      type: '2for1bikes',
      discount: 12.5,
      tour_ids: [
        { tour_id: tourB, name: 'Moselle Meander' },
        { tour_id: tourA, name: 'Rhine Cycle Route' },
      ],
      bike_ids: [bike],
      booking_window_start: '2026-01-01',
      booking_window_end: '2026-03-31',
      start_window_start: '2026-04-01',
      start_window_end: null,
      content: '<p>Two for one</p>',
      media_id: image,
    });
  });

  it.each(['tour', '2for1bikes', 'freebikes'])('accepts the type %s', async (type) => {
    expect((await create({ type })).type).toBe(type);
  });

  it.each([
    ['no name', { name: undefined }, 'name', 'Name is required'],
    ['no title', { title: '' }, 'title', 'Title is required'],
    ['no subtitle', { subtitle: ' ' }, 'subtitle', 'Subtitle is required'],
    ['no slug', { slug: undefined }, 'slug', 'Slug is required'],
    ['no type', { type: null }, 'type', 'Type must be one of tour, 2for1bikes, freebikes'],
    ['an unknown type', { type: '3for2' }, 'type', 'Type must be one of tour, 2for1bikes, freebikes'],
    ['an unknown status', { status: 'archived' }, 'status', 'Status is draft or live'],
    ['a negative discount', { discount: -5 }, 'discount', 'Discount must not be negative'],
    ['a discount with three decimals', { discount: 1.005 }, 'discount', 'Discount has at most 2 decimals'],
    ['a discount that is not a number', { discount: 'lots' }, 'discount', 'Discount must be a number'],
    ['a date that is not a date', { booking_window_start: '31/12/2026' }, 'booking_window_start', 'Booking window start must be a date (YYYY-MM-DD)'],
    ['a date that does not exist', { start_window_end: '2026-02-30' }, 'start_window_end', 'Start window end must be a real date'],
    [
      'a booking window that ends before it starts',
      { booking_window_start: '2026-05-02', booking_window_end: '2026-05-01' },
      'booking_window_end',
      'Booking window must not end before it starts',
    ],
    [
      'a start window that ends before it starts',
      { start_window_start: '2026-05-02', start_window_end: '2026-05-01' },
      'start_window_end',
      'Start window must not end before it starts',
    ],
    ['a tour twice', { tour_ids: [{ tour_id: 3 }, 3] }, 'tour_ids', 'Tours: each may appear once'],
    ['tours that are not ids', { tour_ids: [{ id: 3 }] }, 'tour_ids.0', 'Tours must be tour ids'],
    ['bikes that are not ids', { bike_ids: ['hybrid'] }, 'bike_ids.0', 'Bikes must be id numbers'],
  ])('refuses %s', async (_label, fields, path, message) => {
    const response = await call(t, 'POST', 'offers/', { ...required(), ...fields });
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
  });

  it.each([
    ['a tour', { tour_ids: [{ tour_id: 999999 }] }, 'tour_ids'],
    ['a bike', { bike_ids: [999999] }, 'bike_ids'],
    ['an image', { media_id: 999999 }, 'media_id'],
  ])('refuses %s that does not exist, storing nothing', async (_label, fields, path) => {
    const before = (await expectCall<OfferListItem[]>(t, 'GET', 'offers', undefined, 200)).length;
    const response = await call(t, 'POST', 'offers/', { ...required(), ...fields });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response.json<ErrorBody>())).toEqual([path]);
    expect((await expectCall<OfferListItem[]>(t, 'GET', 'offers', undefined, 200)).length).toBe(before);
  });

  it('refuses a slug another offer has with 409', async () => {
    const offer = await create();
    const response = await call(t, 'POST', 'offers/', { ...required(), slug: offer.slug });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: `Another offer already has the slug "${offer.slug}"`, path: 'slug' }]);
  });
});

describe('GET offers', () => {
  it('lists offers by name with their status, type and discount', async () => {
    const offer = await create({ name: 'Aaa first by name', discount: 10 });
    const list = await expectCall<OfferListItem[]>(t, 'GET', 'offers', undefined, 200);
    expect(list[0]).toEqual({
      id: offer.id,
      version: 1,
      name: 'Aaa first by name',
      title: offer.title,
      slug: offer.slug,
      status: 'draft',
      type: 'tour',
      discount: 10,
    });
  });

  it('answers 404 for an offer that does not exist', async () => {
    expect((await call(t, 'GET', 'offers/999999')).statusCode).toBe(404);
  });
});

describe('PUT offers/{id}', () => {
  it('updates the fields sent and replaces the tours and bikes', async () => {
    const offer = await create({ tour_ids: [tourA], bike_ids: [bike] });
    const updated = await expectCall<Offer>(t, 'PUT', `offers/${offer.id}`, { version: 1, status: 'live', tour_ids: [{ tour_id: tourB }], bike_ids: [] }, 200);
    expect(updated).toMatchObject({ status: 'live', name: offer.name, tour_ids: [{ tour_id: tourB, name: 'Moselle Meander' }], bike_ids: [], version: 2 });
  });

  it('takes back the whole offer as the form read it', async () => {
    const offer = await create({ tour_ids: [tourA] });
    const updated = await expectCall<Offer>(t, 'PUT', `offers/${offer.id}`, { ...offer, discount: '15' }, 200);
    expect(updated).toEqual({ ...offer, discount: 15, version: 2 });
  });

  it('checks the windows against the stored dates', async () => {
    const offer = await create({ booking_window_start: '2026-06-01' });
    const response = await call(t, 'PUT', `offers/${offer.id}`, { version: 1, booking_window_end: '2026-05-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Booking window must not end before it starts', path: 'booking_window_end' }]);
  });

  it('refuses a stale version with 409 and keeps the stored offer', async () => {
    const offer = await create();
    await expectCall(t, 'PUT', `offers/${offer.id}`, { version: 1, discount: 5 }, 200);
    expect((await call(t, 'PUT', `offers/${offer.id}`, { version: 1, discount: 50 })).statusCode).toBe(409);
    expect((await expectCall<Offer>(t, 'GET', `offers/${offer.id}`, undefined, 200)).discount).toBe(5);
  });

  it('refuses bad input and changes nothing', async () => {
    const offer = await create({ tour_ids: [tourA] });
    expect((await call(t, 'PUT', `offers/${offer.id}`, { version: 1, name: '' })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `offers/${offer.id}`, { version: 1, tour_ids: [999999] })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `offers/${offer.id}`, { tour_ids: [] })).statusCode).toBe(400);
    expect(await expectCall(t, 'GET', `offers/${offer.id}`, undefined, 200)).toEqual(offer);
  });

  it('answers 404 for an offer that does not exist', async () => {
    expect((await call(t, 'PUT', 'offers/999999', { version: 1, name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE offers/{id}', () => {
  it('deletes an offer with its tour and bike links', async () => {
    const offer = await create({ tour_ids: [tourA], bike_ids: [bike] });
    expect(await expectCall(t, 'DELETE', `offers/${offer.id}`, undefined, 200)).toEqual({ id: offer.id });
    expect((await call(t, 'GET', `offers/${offer.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('offer_tours').selectAll().where('offer_id', '=', offer.id).execute()).toEqual([]);
  });

  it('keeps a bike an offer uses from being deleted', async () => {
    const used = await addBike(t.db, 'Tandem');
    await create({ bike_ids: [used] });
    expect((await call(t, 'DELETE', `bikes/${used}`)).statusCode).toBe(409);
  });
});
