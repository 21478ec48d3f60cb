import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingSnapshot } from '../../src/domain/bookings/booking-schema.js';
import type { BookingListItem, BookingPage } from '../../src/domain/bookings/booking-list-schema.js';
import { bookingFormToSave, bookingToForm } from '../../src/domain/bookings/booking-save.js';
import { createBookingFixture, type BookingFixture } from '../helpers/booking-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let ada: BookingFixture;
let grace: BookingFixture;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createBookingFixture(t.db, { reference: 'BK-2026-000123' });
  grace = await createBookingFixture(t.db, {
    reference: 'BK-2027-004567',
    first_name: 'Grace',
    last_name: "O'Hopper",
    tour_name: 'Danube Cycle Path',
    status: 'pending',
  });
});
afterAll(() => t.close());

const get = <T>(url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: t.auth }).then((response) => ({ status: response.statusCode, body: response.json<T>() }));
const put = <T>(url: string, payload: unknown) =>
  t.app
    .inject({ method: 'PUT', url: `/api/v1/${url}`, headers: t.auth, payload: payload as object })
    .then((response) => ({ status: response.statusCode, body: response.json<T>() }));
const loadBooking = async (id: number) => (await get<Booking>(`bookings/${id}`)).body;
const saveBodyOf = (booking: Booking) => bookingFormToSave(bookingToForm(booking));
const snapshotsOf = async (id: number) => (await get<BookingSnapshot[]>(`bookings/${id}/snapshot`)).body;

describe('the booking list', () => {
  it('answers every booking as a plain list without paging parameters', async () => {
    const { status, body } = await get<BookingListItem[]>('bookings');
    expect(status).toBe(200);
    expect(body.map((item) => item.booking_reference).sort()).toEqual(['BK-2026-000123', 'BK-2027-004567']);
    expect(body[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        first_name: expect.any(String),
        last_name: expect.any(String),
        tour_name: expect.any(String),
        status: expect.any(String),
      }),
    );
  });

  it('pages with a total when asked for a page', async () => {
    const { body } = await get<BookingPage>('bookings?page=1&page_size=1');
    expect(body).toEqual(expect.objectContaining({ total: 2, page: 1, page_size: 1, total_capped: false }));
    expect(body.results).toHaveLength(1);
    const second = await get<BookingPage>('bookings?page=2&page_size=1');
    expect(second.body.results[0].id).not.toBe(body.results[0].id);
  });

  it.each([
    ['a whole reference', 'BK-2027-004567'],
    ['the number of a reference', '004567'],
    ['a last name with an apostrophe', "o'hopper"],
    ['the start of a last name', 'hopp'],
    ['a word of the tour', 'danube'],
    ['first and last name', 'Grace Hopper'],
  ])('finds a booking by %s', async (_label, search) => {
    const { body } = await get<BookingPage>(`bookings?search=${encodeURIComponent(search)}`);
    expect(body.results.map((item) => item.booking_reference)).toEqual(['BK-2027-004567']);
    expect(body.total).toBe(1);
  });

  it('filters by status, alone or with a search, and counts per status', async () => {
    expect((await get<BookingPage>('bookings?status=pending')).body).toEqual(
      expect.objectContaining({ total: 1, results: [expect.objectContaining({ id: grace.bookingId })] }),
    );
    expect((await get<BookingPage>('bookings?status=pending&search=lovelace')).body.total).toBe(0);
    expect((await get<BookingPage>('bookings?status=deposit-paid&search=lovelace')).body.results[0].id).toBe(ada.bookingId);
  });

  it('keeps search and totals in step when a booking changes name or status', async () => {
    const booking = await loadBooking(grace.bookingId);
    const body = { ...saveBodyOf(booking), last_name: 'Ridewell', status: 'cancelled' };
    expect((await put(`bookings/${grace.bookingId}`, body)).status).toBe(200);
    expect((await get<BookingPage>('bookings?search=ridewell')).body.total).toBe(1);
    expect((await get<BookingPage>('bookings?status=pending')).body.total).toBe(0);
    expect((await get<BookingPage>('bookings?status=cancelled')).body.total).toBe(1);
    expect((await get<BookingPage>('bookings?page=1')).body.total).toBe(2);
  });

  it.each([
    ['a page below 1', 'bookings?page=0'],
    ['a page that is not a number', 'bookings?page=two'],
    ['a page size above the limit', 'bookings?page_size=5000'],
    ['a search that is far too long', `bookings?search=${'x'.repeat(300)}`],
  ])('refuses %s with 400', async (_label, url) => {
    const { status, body } = await get<{ errors: { msg: string }[] }>(url);
    expect(status).toBe(400);
    expect(body.errors[0].msg).toEqual(expect.any(String));
  });

  it('treats search punctuation as plain text', async () => {
    const { status, body } = await get<BookingPage>(`bookings?search=${encodeURIComponent("':* & | ! ( ) <-> \\")}`);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
  });
});

describe('one booking', () => {
  it('answers the booking with tour, customer, rooms, party, payments, filters and bike choices', async () => {
    const booking = await loadBooking(ada.bookingId);
    expect(booking).toEqual(
      expect.objectContaining({
        booking_reference: 'BK-2026-000123',
        version: 1,
        tour: expect.objectContaining({ id: ada.tourId, balance_due: 56 }),
        filters: { from: '2026-06-14', guided: false, nights: 7 },
        total_cost: 2780,
        customer: expect.objectContaining({ email_address: 'ada@example.test', address_line_2: '' }),
      }),
    );
    expect(booking.rooms.map((room) => room.extras.length)).toEqual([1, 0]);
    expect(booking.party[0].tour_bike).toEqual(expect.objectContaining({ id: ada.bikes.electric, name: 'Electric bike' }));
    expect(booking.party[2].tour_bike).toBeNull();
    expect(booking.payments.map((payment) => payment.status)).toEqual(['completed', 'pending']);
    expect(booking.tour_bikes.map((bike) => bike.id)).toEqual([ada.bikes.hybrid, ada.bikes.electric]);
  });

  it.each([
    ['an unknown booking', 'bookings/999999', 404],
    ['an id that is not a number', 'bookings/abc', 400],
    ['the snapshots of an unknown booking', 'bookings/999999/snapshot', 404],
  ])('answers %s with its status', async (_label, url, status) => {
    expect((await get(url)).status).toBe(status);
  });
});

describe('saving a booking', () => {
  it('saves the whole booking, writes a snapshot of the previous state and bumps the version', async () => {
    const before = await loadBooking(ada.bookingId);
    const body = saveBodyOf(before);
    body.party[1] = { ...body.party[1], date_of_birth: '1979-01-02', tour_bike_id: ada.bikes.electric };
    body.party[2] = { ...body.party[2], tour_bike_id: null, height: 152 };
    body.customer = { ...body.customer, telephone_number: '01632 960999' };
    const { status, body: saved } = await put<Booking>(`bookings/${ada.bookingId}`, body);
    expect(status).toBe(200);
    expect(saved.version).toBe(before.version + 1);
    expect(saved.party[1]).toEqual(expect.objectContaining({ date_of_birth: '1979-01-02', tour_bike_id: ada.bikes.electric }));
    expect(saved.party[2].height).toBe(152);
    expect(saved.customer.telephone_number).toBe('01632 960999');
    // Room extras left out of the body are kept.
    expect(saved.rooms[0].extras).toHaveLength(1);

    const snapshots = await snapshotsOf(ada.bookingId);
    expect(snapshots).toHaveLength(1);
    const previous = JSON.parse(snapshots[0].snapshot) as Booking;
    expect(previous.version).toBe(before.version);
    expect(previous.party[1].date_of_birth).toBe('1978-12-26');
    expect(previous.customer.telephone_number).toBe('01632 960000');
  });

  it('writes one snapshot per save, newest first', async () => {
    const first = await loadBooking(ada.bookingId);
    const count = (await snapshotsOf(ada.bookingId)).length;
    await put(`bookings/${ada.bookingId}`, { ...saveBodyOf(first), status: 'ticketed' });
    const second = await loadBooking(ada.bookingId);
    await put(`bookings/${ada.bookingId}`, { ...saveBodyOf(second), status: 'checked' });
    const snapshots = await snapshotsOf(ada.bookingId);
    expect(snapshots).toHaveLength(count + 2);
    expect((JSON.parse(snapshots[0].snapshot) as Booking).status).toBe('ticketed');
    expect(snapshots[0].id).toBeGreaterThan(snapshots[1].id);
  });

  it('refuses a save from a stale version with 409 and changes nothing', async () => {
    const booking = await loadBooking(ada.bookingId);
    const body = saveBodyOf(booking);
    expect((await put(`bookings/${ada.bookingId}`, { ...body, comments: 'first writer' })).status).toBe(200);
    const snapshots = (await snapshotsOf(ada.bookingId)).length;
    const stale = await put<{ errors: { msg: string; path: string }[] }>(`bookings/${ada.bookingId}`, { ...body, comments: 'second writer' });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toEqual(expect.objectContaining({ path: 'version', msg: expect.stringContaining('changed by someone else') }));
    expect((await loadBooking(ada.bookingId)).comments).toBe('first writer');
    expect((await snapshotsOf(ada.bookingId)).length).toBe(snapshots);
  });

  it('adds a party member without an id and removes one left out', async () => {
    const booking = await loadBooking(ada.bookingId);
    const body = saveBodyOf(booking);
    body.party = [
      ...body.party.slice(0, 2),
      {
        title: 'Dr',
        first_name: 'Emmy',
        last_name: 'Noether',
        date_of_birth: null,
        height: null,
        dietary_requirements: '',
        booking_room_id: ada.rooms[1],
        tour_bike_id: null,
        extras: [],
      },
    ];
    const { status, body: saved } = await put<Booking>(`bookings/${ada.bookingId}`, body);
    expect(status).toBe(200);
    expect(saved.party.map((member) => member.first_name)).toEqual(['Ada', 'Charles', 'Emmy']);
  });

  it('refuses a duplicate booking reference with 409', async () => {
    const booking = await loadBooking(ada.bookingId);
    const { status, body } = await put<{ errors: { msg: string }[] }>(`bookings/${ada.bookingId}`, {
      ...saveBodyOf(booking),
      booking_reference: 'BK-2027-004567',
    });
    expect(status).toBe(409);
    expect(body.errors[0].msg).toContain('already used');
    expect((await loadBooking(ada.bookingId)).version).toBe(booking.version);
  });

  it.each<[string, (body: ReturnType<typeof saveBodyOf>, fixture: BookingFixture) => unknown, string]>([
    ['a missing version', ({ version: _version, ...body }) => body, 'version'],
    ['a blank reference', (body) => ({ ...body, booking_reference: '  ' }), 'booking_reference'],
    ['a date of birth that is not a date', (body) => ({ ...body, party: [{ ...body.party[0], date_of_birth: '10/12/1980' }] }), 'party.0.date_of_birth'],
    ['an empty date of birth (none is null)', (body) => ({ ...body, party: [{ ...body.party[0], date_of_birth: '' }] }), 'party.0.date_of_birth'],
    ['a height as text', (body) => ({ ...body, party: [{ ...body.party[0], height: 'tall' }] }), 'party.0.height'],
    [
      'a bike of another tour season',
      (body, fixture) => ({ ...body, party: [{ ...body.party[0], tour_bike_id: fixture.bikes.otherSeason }] }),
      'party.tour_bike_id',
    ],
    ['a room of another booking', (body) => ({ ...body, party: [{ ...body.party[0], booking_room_id: grace.rooms[0] }] }), 'party.booking_room_id'],
    ['a party member of another booking', (body) => ({ ...body, party: [{ ...body.party[0], id: grace.party[0] }] }), 'party'],
    ['customer as text', (body) => ({ ...body, customer: 'Ada' }), 'customer'],
    ['an e-mail address that is not one', (body) => ({ ...body, customer: { ...body.customer, email_address: 'not-an-email' } }), 'customer.email_address'],
  ])('refuses %s with 400 and changes nothing', async (_label, change, path) => {
    const booking = await loadBooking(ada.bookingId);
    const snapshots = (await snapshotsOf(ada.bookingId)).length;
    const { status, body } = await put<{ errors: { msg: string; path?: string }[] }>(`bookings/${ada.bookingId}`, change(saveBodyOf(booking), ada));
    expect(status).toBe(400);
    expect(body.errors.map((item) => item.path)).toContain(path);
    expect(await loadBooking(ada.bookingId)).toEqual(booking);
    expect((await snapshotsOf(ada.bookingId)).length).toBe(snapshots);
  });

  it.each([
    ['without its day', '1985-07-', 'Date of birth: choose the day, the month and the year, or none of them'],
    ['without its month', '1985--03', 'Date of birth: choose the day, the month and the year, or none of them'],
    ['that is not a day of the calendar', '1985-02-30', 'Date of birth: 30/2/1985 is not a day of the calendar'],
    ['written another way', '03/07/1985', 'Date of birth: use a date as YYYY-MM-DD'],
  ])('refuses a date of birth %s with a message naming the field', async (_label, dateOfBirth, message) => {
    const booking = await loadBooking(ada.bookingId);
    const body = saveBodyOf(booking);
    const { status, body: answer } = await put<{ errors: { msg: string; path?: string }[] }>(`bookings/${ada.bookingId}`, {
      ...body,
      party: [{ ...body.party[0], date_of_birth: dateOfBirth }],
    });
    expect(status).toBe(400);
    expect(answer.errors).toEqual([{ path: 'party.0.date_of_birth', msg: message }]);
    expect(await loadBooking(ada.bookingId)).toEqual(booking);
  });

  it('answers 404 for saving an unknown booking', async () => {
    const booking = await loadBooking(ada.bookingId);
    expect((await put('bookings/999999', saveBodyOf(booking))).status).toBe(404);
  });
});
