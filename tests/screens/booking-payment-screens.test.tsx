import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { BookingSave } from '../../src/domain/bookings/booking-save-schema.js';
import { formatDateTime } from '../../src/domain/format-date.js';
import type { PaymentDetail } from '../../src/domain/bookings/payment-schema.js';
import { BookingEditScreen } from '../../src/screens/bookings/booking-edit-screen.js';
import { BookingOverviewScreen } from '../../src/screens/bookings/booking-overview-screen.js';
import { BookingSnapshotsScreen } from '../../src/screens/bookings/booking-snapshots-screen.js';
import { PaymentDetailScreen } from '../../src/screens/payments/payment-detail-screen.js';
import { PaymentRecordScreen } from '../../src/screens/payments/payment-record-screen.js';
import { errorBeside, fakeApi, renderScreen, toastTexts } from '../helpers/render-reference-screen.js';

const routes = [
  { path: '/bookings/edit/:id', element: <BookingEditScreen /> },
  { path: '/bookings/snapshot/:id', element: <BookingSnapshotsScreen /> },
  { path: '/payments/create', element: <PaymentRecordScreen /> },
  { path: '/payments/:id', element: <PaymentDetailScreen /> },
  { path: '/bookings/:id', element: <BookingOverviewScreen /> },
];

const booking: Booking = {
  id: 5,
  version: 3,
  tour_id: 12,
  tour_season_id: 31,
  booking_reference: 'LV-1042',
  title: 'Ms',
  first_name: 'Ada',
  last_name: 'Byron',
  status: 'deposit-paid',
  tour_name: 'Loire Valley Châteaux by Bike',
  tour_slug: 'loire-valley',
  tour: { id: 12, name: 'Loire Valley Châteaux by Bike', slug: 'loire-valley', balance_due: 56 },
  createdAt: '2026-01-10T10:00:00.000Z',
  holiday_start_date: '2026-06-01',
  arrival: '2026-06-01',
  comments: '',
  filter_guided: null,
  filter_nights: null,
  filter_boat: null,
  filter_from: null,
  filters: {},
  currency_id: 1,
  net_at_booking: null,
  rate_at_booking: null,
  total_cost: 1800,
  total_rooms: 1500,
  total_bikes: 300,
  total_room_extras: 0,
  total_party_extras: 0,
  total_reductions: 0,
  total_offers: 0,
  total_charges: 0,
  total_deposit: 300,
  total_at_booking: 1800,
  customer: {
    title: 'Ms',
    first_name: 'Ada',
    last_name: 'Byron',
    email_address: 'ada@example.com',
    telephone_number: '',
    alternative_telephone_number: '',
    address_line_1: '',
    address_line_2: '',
    town: '',
    county: '',
    postcode: '',
    country: '',
  },
  rooms: [],
  party: [],
  payments: [],
  tour_bikes: [],
};

const stale = 'This booking was changed by someone else since you opened it. Reload to see their changes, then save again.';
const refused = { status: 409, body: { errors: [{ msg: stale, path: 'version' }] } };

const member = (id: number, first_name: string): Booking['party'][number] => ({
  id,
  title: '',
  first_name,
  last_name: 'Byron',
  date_of_birth: null,
  height: null,
  dietary_requirements: '',
  booking_room_id: null,
  tour_bike_id: null,
  tour_bike: null,
  extras: [],
});

describe('saving a booking that someone else saved first (issue 29)', () => {
  it('merges their save with the form, party member by party member, and saves at their version', async () => {
    const loaded: Booking = { ...booking, party: [member(71, 'Ada'), member(72, 'Anne')] };
    // Someone else gave Ada a height and a town to the customer.
    const theirs: Booking = {
      ...loaded,
      version: 4,
      customer: { ...booking.customer, town: 'Leeds' },
      party: [{ ...member(71, 'Ada'), height: 170 }, member(72, 'Anne')],
    };
    let stored = loaded;
    const api = fakeApi({
      'GET bookings/5': () => ({ body: stored }),
      'GET last-change/bookings/5': { body: { changed_by: 'kim@example.com', changed_at: '2026-03-02T09:15:00.000Z' } },
      'PUT bookings/5': (body) => ((body as { version: number }).version === theirs.version ? { body: { ...theirs, version: 5 } } : refused),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/bookings/edit/5');
    const reference = await screen.findByLabelText('Booking reference');
    await user.clear(reference);
    await user.type(reference, 'LV-1043');
    const anne = within(screen.getByRole('group', { name: '2. Anne Byron' }));
    await user.type(anne.getByLabelText('First name'), 'tte');
    stored = theirs;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/5'));
    const [first, second] = api.writes().map((call) => call.body as BookingSave);
    expect(first.version).toBe(3);
    expect({ version: second.version, reference: second.booking_reference, town: second.customer.town }).toEqual({
      version: 4,
      reference: 'LV-1043',
      town: 'Leeds',
    });
    expect(second.party.map(({ id, first_name, height }) => ({ id, first_name, height }))).toEqual([
      { id: 71, first_name: 'Ada', height: 170 },
      { id: 72, first_name: 'Annette', height: null },
    ]);
    expect(toastTexts()).toContain(`Merged with kim@example.com's save of ${formatDateTime('2026-03-02T09:15:00.000Z')}: 2 of your changes kept`);
  });

  it('gives up after three merges refused in a row, with the server’s message and the form as typed', async () => {
    // Someone saves again each time the booking is read.
    let version = booking.version;
    const api = fakeApi({ 'GET bookings/5': () => ({ body: { ...booking, version: version++ } }), 'PUT bookings/5': refused });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/bookings/edit/5');
    const reference = await screen.findByLabelText('Booking reference');
    await user.clear(reference);
    await user.type(reference, 'LV-1043');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain(stale));
    expect(api.writes()).toHaveLength(4);
    expect((screen.getByLabelText('Booking reference') as HTMLInputElement).value).toBe('LV-1043');
    expect(router.state.location.pathname).toBe('/bookings/edit/5');
  });
});

describe('what each save of a booking changed (issue 28)', () => {
  // Each snapshot is the booking as it was before a save (its version the one the save read).
  const { tour_bikes: _choices, ...kept } = booking;
  const asStored = (state: Partial<Booking>) => JSON.stringify({ ...kept, ...state });
  const beforeFirstSave = asStored({ version: 1, status: 'pending', customer: { ...booking.customer, town: 'Leeds' } });
  const beforeLatestSave = asStored({ version: 2, status: 'deposit-paid', customer: { ...booking.customer, town: 'Leeds' } });
  const now: Booking = { ...booking, version: 3, customer: { ...booking.customer, town: 'Leeds', postcode: 'LS1 4AP' } };

  const changesIn = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

  it('shows under each snapshot what its save changed, the latest save included', async () => {
    fakeApi({
      'GET bookings/5': { body: now },
      'GET bookings/5/snapshot': {
        body: [
          { id: 12, createdAt: '2026-03-02T14:05:00.000Z', snapshot: beforeLatestSave },
          { id: 11, createdAt: '2026-03-01T09:00:00.000Z', snapshot: beforeFirstSave },
        ],
      },
    });
    renderScreen(routes, '/bookings/snapshot/5');
    const items = within(await screen.findByRole('list', { name: 'Snapshots, newest first' })).getAllByRole('listitem');
    // The latest save: from the newest snapshot to the booking as it is now.
    expect(changesIn(within(items[0]).getByRole('table', { name: '2 fields changed by this save' }))).toEqual([
      ['version', 'Changed', '2', '3'],
      ['customer.postcode', 'Changed', '""', '"LS1 4AP"'],
    ]);
    // The save before it: from the older snapshot to the newer one.
    expect(changesIn(within(items[1]).getByRole('table', { name: '2 fields changed by this save' }))).toEqual([
      ['version', 'Changed', '1', '2'],
      ['status', 'Changed', '"pending"', '"deposit-paid"'],
    ]);
  });
});

describe('the booking e-mail address', () => {
  it('is checked by the same rule as the contacts screen before anything is sent', async () => {
    const api = fakeApi({ 'GET bookings/5': { body: booking }, 'PUT bookings/5': { body: booking } });
    const user = userEvent.setup();
    renderScreen(routes, '/bookings/edit/5');
    const email = await screen.findByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toHaveLength(0);
  });
});

describe('a traveller’s date of birth (issue 28)', () => {
  const traveller = {
    id: 41,
    title: 'Ms',
    first_name: 'Ada',
    last_name: 'Byron',
    date_of_birth: '1985-07-03',
    height: null,
    dietary_requirements: '',
    booking_room_id: null,
    tour_bike_id: null,
    tour_bike: null,
    extras: [],
  };

  it('refuses a day set back to "Day", naming the field, and sends nothing', async () => {
    const api = fakeApi({ 'GET bookings/5': { body: { ...booking, party: [traveller] } }, 'PUT bookings/5': { body: booking } });
    const user = userEvent.setup();
    renderScreen(routes, '/bookings/edit/5');
    const day = await screen.findByLabelText('Date of birth of Ada Byron day');
    await user.selectOptions(day, '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('group', { name: 'Date of birth of Ada Byron' });
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(picker.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe('Date of birth: choose the day, the month and the year, or none of them');
    expect(api.writes()).toEqual([]);
    // The partial choice stays on screen to be finished.
    expect((screen.getByLabelText('Date of birth of Ada Byron month') as HTMLSelectElement).value).toBe('7');
    expect((screen.getByLabelText('Date of birth of Ada Byron year') as HTMLSelectElement).value).toBe('1985');
  });

  it('clears a date of birth when day, month and year are all set back, and sends null', async () => {
    const api = fakeApi({ 'GET bookings/5': { body: { ...booking, party: [traveller] } }, 'PUT bookings/5': { body: booking } });
    const user = userEvent.setup();
    renderScreen(routes, '/bookings/edit/5');
    for (const part of ['day', 'month', 'year']) await user.selectOptions(await screen.findByLabelText(`Date of birth of Ada Byron ${part}`), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect((api.writes()[0].body as { party: { date_of_birth: unknown }[] }).party[0].date_of_birth).toBeNull();
  });
});

describe('recording a payment', () => {
  it('says once that the server refused it, and not at all while a booking number that does not exist is typed', async () => {
    const api = fakeApi({
      'GET bookings/5': { body: booking },
      'GET bookings/55': { status: 404, body: { errors: [{ msg: 'Booking not found' }] } },
      'POST payments/booking': { status: 409, body: { errors: [{ msg: 'The booking was deleted' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/payments/create');
    const number = await screen.findByLabelText('Booking number');
    await user.type(number, '55');
    expect(await screen.findByText('No booking with this number')).toBeTruthy();
    expect(toastTexts()).toEqual([]);

    await user.clear(number);
    await user.type(number, '5');
    await screen.findByText(/LV-1042 · Ada Byron/);
    await user.type(screen.getByLabelText('Amount (£)'), '250');
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(toastTexts()).toEqual(['The booking was deleted']));
    expect(api.writes()).toEqual([
      { method: 'POST', path: 'payments/booking', body: expect.objectContaining({ amount: 250, booking_id: 5, status: 'completed' }) },
    ]);
    expect((screen.getByLabelText('Amount (£)') as HTMLInputElement).value).toBe('250');
  });
});

describe('recording a payment, checked and sent', () => {
  it('asks for the booking, the amount and the status beside each, and sends nothing', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/payments/create');
    await user.type(await screen.findByLabelText('Booking number'), 'LV');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(errorBeside('Booking number')).toBe('Choose the booking by its number');
    expect(errorBeside('Amount (£)')).toBe('Enter the amount as a number');
    expect(errorBeside('Status')).toBe('Choose a status');
    expect(api.writes()).toEqual([]);
  });

  it('records the payment, says Created and opens the booking, without asking about unsaved changes', async () => {
    const api = fakeApi({ 'GET bookings/5': { body: booking }, 'POST payments/booking': { body: { id: 31 } } });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/payments/create?booking_id=5');
    await screen.findByText(/LV-1042 · Ada Byron/);
    await user.type(screen.getByLabelText('Amount (£)'), '-20.5');
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await user.type(screen.getByLabelText('Comment (optional)'), ' Bike not used ');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/5'));
    expect(screen.queryByText('Any unsaved data will be lost!')).toBeNull();
    expect(toastTexts()).toContain('Created');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: 'payments/booking',
        body: { amount: -20.5, booking_id: 5, status: 'completed', tx_code: '', sagepay_reference: '', comment: 'Bike not used' },
      },
    ]);
  });
});

describe('refunds on the booking (issue 19 item 12)', () => {
  const payment = (id: number, amount: number, status: string, comment: string) => ({
    id,
    amount,
    status,
    comment,
    tx_code: '',
    sagepay_reference: '',
    booking_id: 5,
    createdAt: `2026-0${id}-10T10:00:00.000Z`,
  });
  const withRefund: Booking = {
    ...booking,
    payments: [payment(1, 500, 'completed', 'Deposit'), payment(2, -120.5, 'completed', 'Bike not used'), payment(3, 1300, 'pending', 'Balance')],
  };

  it('labels a negative payment as a refund and takes it off what was paid, so the balance rises by it', async () => {
    fakeApi({ 'GET bookings/5': { body: withRefund } });
    renderScreen(routes, '/bookings/5');
    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    const refundRow = payments.getByText('Bike not used').closest('tr')!;
    expect(within(refundRow).getByText('Refund')).toBeTruthy();
    expect(refundRow.querySelector('td.num')?.textContent).toBe('Refund -£120.50');
    expect(payments.getByText('Deposit').closest('tr')!.querySelector('td.num')?.textContent).toBe('£500.00');
    expect(screen.getByTestId('refunded').textContent).toBe('-£120.50');
    expect(screen.getByTestId('paid-so-far').textContent).toBe('£379.50');
    expect(screen.getByTestId('balance').textContent).toBe('£1,420.50');
  });

  it('shows no refunded line on a booking without refunds', async () => {
    fakeApi({ 'GET bookings/5': { body: { ...booking, payments: [payment(1, 500, 'completed', 'Deposit')] } } });
    renderScreen(routes, '/bookings/5');
    expect((await screen.findByTestId('paid-so-far')).textContent).toBe('£500.00');
    expect(screen.queryByTestId('refunded')).toBeNull();
  });

  it('refuses in the form an amount with more than 2 decimals, sending nothing', async () => {
    const api = fakeApi({ 'GET bookings/5': { body: booking } });
    const user = userEvent.setup();
    renderScreen(routes, '/payments/create?booking_id=5');
    await screen.findByText(/LV-1042 · Ada Byron/);
    await user.type(screen.getByLabelText(/^Amount/), '10.005');
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Amount must be in pounds and pence: at most 2 decimals')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});

describe('the payment detail', () => {
  const payment: PaymentDetail = {
    id: 9,
    tx_code: 'TX-9',
    status: 'payment-failed',
    amount: 250,
    createdAt: '2026-02-01T12:00:00.000Z',
    sagepay_reference: '',
    comment: '',
    booking_id: 5,
    booking_reference: 'LV-1042',
    customer_name: 'Ada Byron',
    booking: { id: 5, booking_reference: 'LV-1042', tour_name: 'Loire Valley Châteaux by Bike', status: 'payment-started', total_cost: 1800 },
  };

  it('shows a provider status without its payment- prefix, in the style of its badge', async () => {
    fakeApi({ 'GET payments/9': { body: payment } });
    renderScreen(routes, '/payments/9');
    const heading = await screen.findByRole('heading', { level: 1 });
    const badge = heading.querySelector('.payment-badge');
    expect(badge?.textContent).toBe('failed');
    expect(badge?.className).toContain('tone-danger');
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('failed');
    expect(screen.queryByText('payment-failed')).toBeNull();
  });

  it('labels a refund as one on its own page too', async () => {
    fakeApi({ 'GET payments/9': { body: { ...payment, status: 'completed', amount: -45 } } });
    renderScreen(routes, '/payments/9');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Amount').nextElementSibling?.textContent).toBe('Refund -£45.00');
  });
});

describe('the snapshot history', () => {
  const stored = '{"booking_reference":"LV-1042","status":"pending","party":[{"first_name":"Ada","date_of_birth":"1985-07-03"}]}';

  it('shows each snapshot’s id, time and raw text as stored, newest first, and lays JSON out on request', async () => {
    fakeApi({
      'GET bookings/5': { body: booking },
      'GET bookings/5/snapshot': {
        body: [
          { id: 12, createdAt: '2026-03-02T14:05:00.000Z', snapshot: stored },
          { id: 11, createdAt: '2026-03-01T09:00:00.000Z', snapshot: 'imported: no details kept' },
        ],
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/bookings/snapshot/5');
    const items = within(await screen.findByRole('list', { name: 'Snapshots, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h2')?.textContent)).toEqual([
      expect.stringMatching(/^Snapshot 12 · /),
      expect.stringMatching(/^Snapshot 11 · /),
    ]);
    expect(items.map((item) => item.querySelector('pre')?.textContent)).toEqual([stored, 'imported: no details kept']);
    expect(within(items[1]).queryByRole('button')).toBeNull();
    // The raw text is there on request (a closed disclosure); the changes come first.
    expect(items.map((item) => item.querySelector('details')?.open)).toEqual([false, false]);
    // What each save changed: the newest against the booking now (a partial record here), the
    // imported text against the snapshot after it; text is not comparable.
    expect(within(items[0]).getByRole('table', { name: /fields changed by this save/ })).toBeTruthy();
    expect(within(items[1]).getByText(/Not comparable with what came after it/)).toBeTruthy();

    await user.click(within(items[0]).getByRole('button', { name: 'Lay out' }));
    expect(items[0].querySelector('pre')?.textContent).toBe(JSON.stringify(JSON.parse(stored), null, 2));
    await user.click(within(items[0]).getByRole('button', { name: 'Show as stored' }));
    expect(items[0].querySelector('pre')?.textContent).toBe(stored);
  });
});
