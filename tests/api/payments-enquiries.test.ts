import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDocumentation } from '../../src/domain/bookings/booking-documentation-schema.js';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { Enquiry } from '../../src/domain/bookings/enquiry-schema.js';
import type { PagedList } from '../../src/domain/bookings/paged-list.js';
import type { PaymentDetail, PaymentListItem } from '../../src/domain/bookings/payment-schema.js';
import { balanceOf, formatPounds, paidSoFar } from '../../src/domain/bookings/booking-money.js';
import { createBookingFixture, type BookingFixture } from '../helpers/booking-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let booking: BookingFixture;
let enquiryId: number;
beforeAll(async () => {
  t = await createTestApp();
  booking = await createBookingFixture(t.db, { reference: 'BK-2026-000777' });
  const enquiry = await t.db
    .insertInto('enquiries')
    .values({
      name: 'Jane Rider',
      email: 'jane@example.test',
      telephone: '01632 960123',
      message: 'Is it hilly? <img src=x onerror=alert(1)>',
      destinations: JSON.stringify([{ id: 1, slug: 'loire', name: 'Loire' }]),
      tours: JSON.stringify([{ id: 2, name: 'Loire Valley Châteaux by Bike' }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  enquiryId = enquiry.id;
  await t.db
    .insertInto('enquiries')
    .values({ name: 'Tom Walker', email: 'tom@example.test', telephone: '', message: 'Brochure please', destinations: '[]', tours: '[]' })
    .execute();
});
afterAll(() => t.close());

const get = <T>(url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: t.auth }).then((response) => ({ status: response.statusCode, body: response.json<T>() }));
const post = <T>(url: string, payload: unknown) =>
  t.app
    .inject({ method: 'POST', url: `/api/v1/${url}`, headers: t.auth, payload: payload as object })
    .then((response) => ({ status: response.statusCode, body: response.json<T>() }));
const paymentCount = async () => (await t.db.selectFrom('payments').select('id').execute()).length;

describe('payments', () => {
  it('lists every payment with its booking reference, newest first', async () => {
    const { status, body } = await get<PaymentListItem[]>('payments');
    expect(status).toBe(200);
    expect(body.map((payment) => payment.comment)).toEqual(['Balance', 'Deposit']);
    expect(body[0]).toEqual(
      expect.objectContaining({
        booking_id: booking.bookingId,
        booking_reference: 'BK-2026-000777',
        customer_name: 'Ada Lovelace',
        amount: 2280,
        status: 'pending',
      }),
    );
  });

  it('pages, filters by status and finds by booking reference', async () => {
    expect((await get<PagedList<PaymentListItem>>('payments?status=completed')).body).toEqual(expect.objectContaining({ total: 1, page: 1 }));
    expect((await get<PagedList<PaymentListItem>>('payments?search=bk-2026-000777')).body.total).toBe(2);
    expect((await get<PagedList<PaymentListItem>>('payments?search=nothing')).body.total).toBe(0);
  });

  it('records a completed payment, answers its id, and the balance drops by it', async () => {
    const before = (await get<Booking>(`bookings/${booking.bookingId}`)).body;
    const { status, body } = await post<{ id: number }>('payments/booking', {
      amount: 250.5,
      booking_id: booking.bookingId,
      status: 'completed',
      tx_code: 'TX-1',
      sagepay_reference: '',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ id: expect.any(Number) });
    const detail = (await get<PaymentDetail>(`payments/${body.id}`)).body;
    expect(detail).toEqual(
      expect.objectContaining({
        amount: 250.5,
        status: 'completed',
        tx_code: 'TX-1',
        booking: expect.objectContaining({ id: booking.bookingId, booking_reference: 'BK-2026-000777' }),
      }),
    );
    const after = (await get<Booking>(`bookings/${booking.bookingId}`)).body;
    expect(balanceOf(after.total_cost, after.payments)).toBe(balanceOf(before.total_cost, before.payments) - 250.5);
    // A payment is not an edit of the booking: an open edit form can still save.
    expect(after.version).toBe(before.version);
  });

  it('records a payment with only amount, booking and status', async () => {
    expect((await post('payments/booking', { amount: 10, booking_id: booking.bookingId, status: 'pending' })).status).toBe(200);
  });

  it.each([
    ['a missing amount', { booking_id: 1, status: 'completed' }, 'amount'],
    ['an amount as text', { amount: '100', booking_id: 1, status: 'completed' }, 'amount'],
    ['a missing booking', { amount: 100, status: 'completed' }, 'booking_id'],
    ['a missing status', { amount: 100, booking_id: 1 }, 'status'],
    ['an unknown status', { amount: 100, booking_id: 1, status: 'paid' }, 'status'],
    ['a booking that does not exist', { amount: 100, booking_id: 999999, status: 'completed' }, 'booking_id'],
  ])('refuses %s with 400 and records nothing', async (_label, payload, path) => {
    const before = await paymentCount();
    const { status, body } = await post<{ errors: { path?: string }[] }>('payments/booking', payload);
    expect(status).toBe(400);
    expect(body.errors.map((item) => item.path)).toContain(path);
    expect(await paymentCount()).toBe(before);
  });

  it('answers 404 for an unknown payment and 400 for a bad id', async () => {
    expect((await get('payments/999999')).status).toBe(404);
    expect((await get('payments/x')).status).toBe(400);
  });
});

describe('amounts in whole pence, and refunds (issue 19 item 12)', () => {
  // A booking of its own: 500.00 paid (the completed deposit), 2,280.00 pending.
  let own: BookingFixture;
  beforeAll(async () => {
    own = await createBookingFixture(t.db, { reference: 'BK-2026-000778' });
  });
  const paymentsOf = async () => (await get<Booking>(`bookings/${own.bookingId}`)).body;

  it.each([[10.005], [0.001], [1234.567], [-20.125]])('refuses %s, which has more than 2 decimals, recording nothing', async (amount) => {
    const before = await paymentCount();
    const { status, body } = await post<{ errors: unknown[] }>('payments/booking', { amount, booking_id: own.bookingId, status: 'completed' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ msg: 'Amount must be in pounds and pence: at most 2 decimals', path: 'amount' }]);
    expect(await paymentCount()).toBe(before);
  });

  it.each([[0.29], [0.1], [1234.56], [999999.99]])('takes %s, whose binary form is not exact, and reads it back as sent', async (amount) => {
    const { status, body } = await post<{ id: number }>('payments/booking', { amount, booking_id: own.bookingId, status: 'pending' });
    expect(status).toBe(200);
    expect((await get<PaymentDetail>(`payments/${body.id}`)).body.amount).toBe(amount);
  });

  // Issue 30 item 6: these were accepted and stored as sent.
  it.each([
    [0, 'completed', 'The amount cannot be zero: enter what was paid, or a refund as a negative amount'],
    [0, 'pending', 'The amount cannot be zero: enter what was paid, or a refund as a negative amount'],
    [-0, 'pending', 'The amount cannot be zero: enter what was paid, or a refund as a negative amount'],
    [0.1 + 0.2, 'completed', 'Amount must be in pounds and pence: at most 2 decimals'],
    [5e-324, 'pending', 'Amount must be in pounds and pence: at most 2 decimals'],
    [9_999_999.99, 'completed', 'The amount must be between -£1,000,000 and £1,000,000'],
  ])('refuses %s (%s) with the reason, recording nothing', async (amount, status, message) => {
    const before = await paymentCount();
    const answer = await post<{ errors: unknown[] }>('payments/booking', { amount, booking_id: own.bookingId, status });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ msg: message, path: 'amount' }]);
    expect(await paymentCount()).toBe(before);
  });

  it('records a negative completed amount as a refund: the paid total drops and the balance rises by it', async () => {
    const before = await paymentsOf();
    const { status } = await post('payments/booking', { amount: -120.5, booking_id: own.bookingId, status: 'completed', comment: 'Bike not used' });
    expect(status).toBe(200);
    const after = await paymentsOf();
    expect(paidSoFar(after.payments)).toBe(paidSoFar(before.payments) - 120.5);
    expect(balanceOf(after.total_cost, after.payments)).toBe(balanceOf(before.total_cost, before.payments) + 120.5);
  });

  it('refuses a refund that would take the total paid below zero, naming what was paid, and records nothing', async () => {
    const paid = paidSoFar((await paymentsOf()).payments);
    const before = await paymentCount();
    const { status, body } = await post<{ errors: unknown[] }>('payments/booking', { amount: -(paid + 0.01), booking_id: own.bookingId, status: 'completed' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { msg: `A refund of ${formatPounds(paid + 0.01)} is more than the ${formatPounds(paid)} paid on this booking`, path: 'amount' },
    ]);
    expect(await paymentCount()).toBe(before);
  });

  it('lets only one of two refunds of everything paid, sent together, through', async () => {
    const paid = paidSoFar((await paymentsOf()).payments);
    const refunds = await Promise.all([1, 2].map(() => post('payments/booking', { amount: -paid, booking_id: own.bookingId, status: 'completed' })));
    expect(refunds.map((refund) => refund.status).sort()).toEqual([200, 400]);
    expect(paidSoFar((await paymentsOf()).payments)).toBe(0);
  });
});

describe('enquiries', () => {
  it('lists enquiries with destinations and tours', async () => {
    const { body } = await get<Enquiry[]>('enquiries');
    expect(body).toHaveLength(2);
    expect(body.find((enquiry) => enquiry.id === enquiryId)).toEqual(
      expect.objectContaining({
        name: 'Jane Rider',
        destinations: [{ id: 1, slug: 'loire', name: 'Loire' }],
        tours: [{ id: 2, name: 'Loire Valley Châteaux by Bike' }],
      }),
    );
  });

  it('pages and searches by name or e-mail', async () => {
    expect((await get<PagedList<Enquiry>>('enquiries?search=tom@')).body).toEqual(
      expect.objectContaining({ total: 1, results: [expect.objectContaining({ name: 'Tom Walker' })] }),
    );
    expect((await get<PagedList<Enquiry>>('enquiries?page=1&page_size=1')).body.results).toHaveLength(1);
  });

  it('answers one enquiry, 404 for an unknown one and 400 for a bad id', async () => {
    expect((await get<Enquiry>(`enquiries/${enquiryId}`)).body.email).toBe('jane@example.test');
    expect((await get('enquiries/999999')).status).toBe(404);
    expect((await get('enquiries/0')).status).toBe(400);
  });
});

describe('the customer documentation', () => {
  it('answers the payload of SPEC.md section 3 with clean rich text', async () => {
    const { status, body } = await get<BookingDocumentation>(`bookings/${booking.bookingId}/documentation`);
    expect(status).toBe(200);
    expect(body.booking).toEqual(
      expect.objectContaining({
        booking_reference: 'BK-2026-000777',
        tour: { name: 'Loire Valley Châteaux by Bike' },
        customer: expect.objectContaining({ last_name: 'Lovelace' }),
      }),
    );
    expect(body.operator).toEqual({ name: 'Velo Partner', contact: '<p>Call Anna on <strong>+33 1 23 45 67 89</strong></p>' });
    expect(body.documentation_details).toEqual(expect.objectContaining({ arrival: '<p>Arrive at Tours station.</p>', map_id: null, map: null }));
    expect(body.documentation_details.bike_details).toBe('<p>Bikes at the hotel.</p>');
    expect(body.hotels).toEqual([{ name: 'Hôtel du Lac', content: '<p>By the lake.</p>' }]);
    expect(body.restaurants).toEqual([{ name: 'Chez Paul', content: '<p>Fish.</p>' }]);
    expect(body.destinations).toEqual([{ name: 'Loire', currency: 'Euro', tipping: '<p>Round up.</p>' }]);
    expect(body.tour_meta).toEqual({ weather: '<p>Mild.</p>' });
    expect(body.itinerary.map((day) => day.title)).toEqual(['Arrive in Tours', 'Tours to Amboise']);
  });

  it('answers 404 for an unknown booking', async () => {
    expect((await get('bookings/999999/documentation')).status).toBe(404);
  });
});
