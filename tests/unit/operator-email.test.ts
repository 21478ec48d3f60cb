import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import { ageOn, operatorEmail } from '../../src/domain/bookings/operator-email.js';

const bike = (id: number, name: string) => ({ id, bike_id: id, name, cost: 0 });
const booking: Booking = {
  id: 1,
  version: 1,
  tour_id: 2,
  tour_season_id: 3,
  booking_reference: 'BK-2026-000123',
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'deposit-paid',
  tour_name: 'Loire Valley',
  tour_slug: 'loire-valley',
  tour: { id: 2, name: 'Loire Valley Châteaux by Bike', slug: 'loire-valley', balance_due: 56 },
  createdAt: '2026-01-10T10:00:00.000Z',
  holiday_start_date: '2026-06-14',
  arrival: '2026-06-12',
  comments: 'Arriving late on the first evening.',
  filter_guided: false,
  filter_nights: 7,
  filter_boat: null,
  filter_from: '2026-06-14',
  filters: { guided: false, nights: 7, from: '2026-06-14' },
  currency_id: 1,
  net_at_booking: 2000,
  rate_at_booking: 1.17,
  total_cost: 2780,
  total_rooms: 2400,
  total_bikes: 240,
  total_room_extras: 180,
  total_party_extras: 60,
  total_reductions: 100,
  total_offers: 0,
  total_charges: 0,
  total_deposit: 500,
  total_at_booking: 2780,
  customer: {
    title: 'Mrs',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email_address: 'ada@example.test',
    telephone_number: '',
    alternative_telephone_number: '',
    address_line_1: '',
    address_line_2: '',
    town: '',
    county: '',
    postcode: '',
    country: '',
  },
  rooms: [
    {
      id: 10,
      room_id: null,
      name: 'Double',
      category: 'Superior',
      cost: 1600,
      extras: [{ id: 1, post: false, name: 'Extra night in Tours', cost: 90, quantity: 2, room_name: 'Double', category: 'Superior' }],
    },
    { id: 11, room_id: null, name: 'Single', category: '', cost: 800, extras: [] },
  ],
  party: [
    {
      id: 20,
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1980-12-10',
      height: 168,
      dietary_requirements: 'Vegetarian',
      booking_room_id: 10,
      tour_bike_id: 5,
      tour_bike: bike(5, 'Electric bike'),
      extras: [{ id: 7, name: 'Luggage transfer', cost: 60, tour_party_extra_variation_id: null }],
    },
    {
      id: 21,
      title: 'Mr',
      first_name: 'Charles',
      last_name: 'Babbage',
      date_of_birth: '1978-06-15',
      height: 181,
      dietary_requirements: '',
      booking_room_id: 10,
      tour_bike_id: 4,
      tour_bike: bike(4, 'Hybrid bike'),
      extras: [],
    },
    {
      id: 22,
      title: '',
      first_name: 'Mary',
      last_name: 'Somerville',
      date_of_birth: null,
      height: null,
      dietary_requirements: ' ',
      booking_room_id: 11,
      tour_bike_id: null,
      tour_bike: null,
      extras: [],
    },
  ],
  payments: [],
  tour_bikes: [bike(4, 'Hybrid bike'), bike(5, 'Electric bike')],
};

describe('the operator e-mail template', () => {
  const text = operatorEmail(booking);

  it('names the tour, the reference and the dates', () => {
    expect(text).toContain('Please confirm the following booking for Loire Valley Châteaux by Bike.');
    expect(text).toContain('Booking reference: BK-2026-000123');
    expect(text).toContain('Arrival: 12 Jun 2026');
    expect(text).toContain('Tour start: 14 Jun 2026');
    expect(text).toContain('Nights: 7');
    expect(text).toContain('Guidance: Self-guided');
  });

  it('lists the rooms with their extra nights', () => {
    expect(text).toContain('Rooms (2):\n- Room 1: Double (Superior)\n  Extra night in Tours: 2 nights before the tour\n- Room 2: Single');
  });

  it('lists every traveller with age at the start, height, bike, room, diet and supplements', () => {
    expect(text).toContain(
      '1. Mrs Ada Lovelace: age 45, height 168 cm, bike: Electric bike, Room 1\n   Dietary requirements: Vegetarian\n   Supplement: Luggage transfer',
    );
    expect(text).toContain('2. Mr Charles Babbage: age 47, height 181 cm, bike: Hybrid bike, Room 1');
    expect(text).toContain('3. Mary Somerville: bike: none, Room 2');
  });

  it('leaves out prices and blank dietary requirements, and ends with the notes', () => {
    expect(text).not.toMatch(/£|\d+\.\d\d/);
    expect(text).not.toContain('Dietary requirements:  ');
    expect(text).toContain('Notes: Arriving late on the first evening.');
    expect(text.startsWith('Dear partner,')).toBe(true);
  });

  it('counts age in whole years up to the day before a birthday', () => {
    expect(ageOn('1980-06-15', '2026-06-14')).toBe(45);
    expect(ageOn('1980-06-14', '2026-06-14')).toBe(46);
  });
});
