import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookingListItem } from '../../src/domain/bookings/booking-list-schema.js';
import type { Enquiry } from '../../src/domain/bookings/enquiry-schema.js';
import { BookingListScreen } from '../../src/screens/bookings/booking-list-screen.js';
import { EnquiryListScreen } from '../../src/screens/enquiries/enquiry-list-screen.js';
import { PaymentListScreen } from '../../src/screens/payments/payment-list-screen.js';
import { fakeApi, renderReferenceScreen, renderScreen } from '../helpers/render-reference-screen.js';

const routes = [
  { path: '/bookings', element: <BookingListScreen /> },
  { path: '/payments', element: <PaymentListScreen /> },
  { path: '/enquiries', element: <EnquiryListScreen /> },
];

const enquiry = (id: number, changes: Partial<Enquiry> = {}): Enquiry => ({
  id,
  name: `Enquirer ${id}`,
  email: `enquirer${id}@example.com`,
  telephone: '',
  message: 'Is June a good month?',
  createdAt: '2026-03-01T09:00:00.000Z',
  destinations: [],
  tours: [],
  ...changes,
});
const page = <Row,>(results: Row[], total = results.length) => ({ body: { results, total, page: 1, page_size: 50, total_capped: false } });
const booking = (id: number): BookingListItem => ({
  id,
  booking_reference: `BK-2026-${String(id).padStart(6, '0')}`,
  title: 'Ms',
  first_name: 'Ada',
  last_name: 'Byron',
  tour_name: 'Loire Valley Châteaux by Bike',
  status: 'pending',
  createdAt: '2026-03-01T09:00:00.000Z',
  holiday_start_date: null,
});
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the enquiries list (issue 28)', () => {
  it('shows tours under Tours and destinations under Destinations, never one for the other', async () => {
    fakeApi({
      'GET enquiries?page=1&page_size=50': page([
        enquiry(2, { destinations: [{ id: 4, slug: 'france', name: 'France' }] }),
        enquiry(1, { tours: [{ id: 9, name: 'Loire Valley Châteaux by Bike' }], destinations: [{ id: 4, slug: 'france', name: 'France' }] }),
      ]),
    });
    renderScreen(routes, '/enquiries');
    const rows = (await screen.findAllByRole('row')).slice(1);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    const column = (name: string) => headers.indexOf(name);
    expect(column('Tours')).toBeGreaterThan(-1);
    expect(column('Destinations')).toBeGreaterThan(-1);
    expect([cellsOf(rows[0])[column('Tours')], cellsOf(rows[0])[column('Destinations')]]).toEqual(['—', 'France']);
    expect([cellsOf(rows[1])[column('Tours')], cellsOf(rows[1])[column('Destinations')]]).toEqual(['Loire Valley Châteaux by Bike', 'France']);
  });
});

describe('the count above a list (issue 28)', () => {
  it('reads "1 booking", "2 enquiries" and "1 payment" when one page holds them all', async () => {
    fakeApi({ 'GET bookings?page=1&page_size=50': page([booking(1)]) });
    const first = renderScreen(routes, '/bookings');
    expect((await screen.findByText(/booking/, { selector: '.row-count' })).textContent).toBe('1 booking');
    first.unmount();

    fakeApi({ 'GET enquiries?page=1&page_size=50': page([enquiry(1), enquiry(2)]) });
    const second = renderScreen(routes, '/enquiries');
    expect((await screen.findByText(/enquir/, { selector: '.row-count' })).textContent).toBe('2 enquiries');
    second.unmount();

    fakeApi({
      'GET payments?page=1&page_size=50': page([
        {
          id: 3,
          tx_code: 'TX-3',
          status: 'completed',
          amount: 10,
          createdAt: '2026-03-01T09:00:00.000Z',
          booking_id: 1,
          booking_reference: 'BK-1',
          customer_name: 'Ada Byron',
        },
      ]),
    });
    renderScreen(routes, '/payments');
    expect((await screen.findByText(/payment/, { selector: '.row-count' })).textContent).toBe('1 payment');
  });

  it('gives the range only when there are more rows than one page shows', async () => {
    fakeApi({
      'GET bookings?page=1&page_size=50': page(
        Array.from({ length: 50 }, (_, index) => booking(index + 1)),
        51,
      ),
    });
    renderScreen(routes, '/bookings');
    expect((await screen.findByText(/bookings/, { selector: '.row-count' })).textContent).toBe('1-50 of 51 bookings');
  });

  it('names what a short list holds: "1 bike", not "1 rows"', async () => {
    fakeApi({ 'GET bikes': { body: [{ id: 1, version: 1, name: 'Hybrid bike', default_order: 1 }] } });
    renderReferenceScreen('/bikes');
    expect((await screen.findByText(/bike/, { selector: '.row-count' })).textContent).toBe('1 bike');
  });
});

describe('sorting a list by its header (issue 28)', () => {
  const bikes = [
    { id: 1, version: 1, name: 'Hybrid bike', default_order: 2 },
    { id: 2, version: 1, name: 'Electric bike', default_order: 1 },
  ];

  it('sorts on a click anywhere in the header cell, not only on its word', async () => {
    fakeApi({ 'GET bikes': { body: bikes } });
    const user = userEvent.setup();
    renderReferenceScreen('/bikes');
    const header = await screen.findByRole('columnheader', { name: /^Name/ });
    expect(header.getAttribute('aria-sort')).toBeNull();
    // The cell itself, beside the word (its button).
    await user.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    // The word still sorts, once per click, and so do Enter and Space on it.
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard(' ');
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });
});
