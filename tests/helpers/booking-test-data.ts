import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

export type BookingFixture = {
  tourId: number;
  tourSeasonId: number;
  bikes: { hybrid: number; electric: number; otherSeason: number };
  bookingId: number;
  rooms: number[];
  party: number[];
};

let sequence = 0;

/**
 * A tour with documentation, hotels and an operator; a tour season offering two bikes; and one
 * booking in it: two rooms, three travellers, a completed deposit and a pending balance.
 */
export async function createBookingFixture(
  db: Kysely<Database>,
  overrides: { reference?: string; first_name?: string; last_name?: string; tour_name?: string; status?: string } = {},
): Promise<BookingFixture> {
  sequence += 1;
  const operator = await db
    .insertInto('operators')
    .values({ name: 'Velo Partner', contact: '<p>Call Anna on <strong>+33 1 23 45 67 89</strong></p>' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hotel = await db
    .insertInto('hotels')
    .values({ name: 'Hôtel du Lac', content: '<p>By the lake.</p><script>alert(1)</script>' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const restaurant = await db.insertInto('restaurants').values({ name: 'Chez Paul', content: '<p>Fish.</p>' }).returning('id').executeTakeFirstOrThrow();
  const destination = await db
    .insertInto('destinations')
    .values({ name: 'Loire', slug: `loire-${sequence}`, currency: 'Euro', tipping: '<p>Round up.</p>' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tourName = overrides.tour_name ?? 'Loire Valley Châteaux by Bike';
  const tour = await db
    .insertInto('tours')
    .values({
      name: tourName,
      slug: `loire-chateaux-${sequence}`,
      balance_due: 56,
      operator_id: operator.id,
      months: '[]',
      nights: '[]',
      arrival_days: '[]',
      difficulty: '[]',
      destinations: JSON.stringify([destination.id]),
      regions: '[]',
      hotels: JSON.stringify([hotel.id]),
      restaurants: JSON.stringify([restaurant.id]),
      related_tours: '[]',
      related_themes: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tour_documentation')
    .values({
      tour_id: tour.id,
      arrival: '<p>Arrive at Tours station.</p>',
      luggage: '<p>One bag each.</p>',
      food: '<p>Local cheese.</p>',
      bike_details: '<p onclick="steal()">Bikes at the hotel.</p>',
    })
    .execute();
  await db.insertInto('tour_meta').values({ tour_id: tour.id, key: 'weather', value: '<p>Mild.</p>' }).execute();
  await db
    .insertInto('itineraries')
    .values([
      { tour_id: tour.id, day: 1, title: 'Arrive in Tours', type: 'public', content: '<p>Welcome.</p>', position: 0 },
      { tour_id: tour.id, day: 2, title: 'Tours to Amboise', type: 'public', content: '<p>35 km.</p>', position: 1 },
    ])
    .execute();

  const season = await db
    .insertInto('seasons')
    .values({ name: `Season ${sequence}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const otherSeason = await db
    .insertInto('seasons')
    .values({ name: `Season ${sequence}b` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tourSeason = await db.insertInto('tour_seasons').values({ tour_id: tour.id, season_id: season.id }).returning('id').executeTakeFirstOrThrow();
  const otherTourSeason = await db.insertInto('tour_seasons').values({ tour_id: tour.id, season_id: otherSeason.id }).returning('id').executeTakeFirstOrThrow();
  const [hybridBike, electricBike] = await db
    .insertInto('bikes')
    .values([{ name: 'Hybrid bike' }, { name: 'Electric bike' }])
    .returning('id')
    .execute();
  const [hybrid, electric, other] = await db
    .insertInto('tour_bikes')
    .values([
      { tour_season_id: tourSeason.id, bike_id: hybridBike.id, cost: 0, order: 1 },
      { tour_season_id: tourSeason.id, bike_id: electricBike.id, cost: 120, order: 2 },
      { tour_season_id: otherTourSeason.id, bike_id: electricBike.id, cost: 130, order: 1 },
    ])
    .returning('id')
    .execute();

  const reference = overrides.reference ?? `BK-2026-${String(900000 + sequence)}`;
  const booking = await db
    .insertInto('bookings')
    .values({
      tour_id: tour.id,
      tour_season_id: tourSeason.id,
      booking_reference: reference,
      title: 'Mrs',
      first_name: overrides.first_name ?? 'Ada',
      last_name: overrides.last_name ?? 'Lovelace',
      status: overrides.status ?? 'deposit-paid',
      tour_name: tourName,
      holiday_start_date: '2026-06-14',
      arrival: '2026-06-13',
      comments: 'Arriving late on the first evening.',
      filter_guided: false,
      filter_nights: 7,
      filter_from: '2026-06-14',
      total_rooms: 2400,
      total_bikes: 240,
      total_room_extras: 180,
      total_party_extras: 60,
      total_reductions: 100,
      total_offers: 0,
      total_charges: 0,
      total_cost: 2780,
      total_deposit: 500,
      total_at_booking: 2780,
      customer: JSON.stringify({
        title: 'Mrs',
        first_name: overrides.first_name ?? 'Ada',
        last_name: overrides.last_name ?? 'Lovelace',
        email_address: 'ada@example.test',
        telephone_number: '01632 960000',
        town: 'London',
        postcode: 'N1 1AA',
        country: 'United Kingdom',
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rooms = await db
    .insertInto('booking_rooms')
    .values([
      {
        booking_id: booking.id,
        name: 'Double',
        category: 'Standard',
        cost: 1600,
        extras: JSON.stringify([{ id: 1, post: true, name: 'Extra night in Tours', cost: 90, quantity: 2, room_name: 'Double', category: 'Standard' }]),
      },
      { booking_id: booking.id, name: 'Single', category: 'Standard', cost: 800, extras: '[]' },
    ])
    .returning('id')
    .execute();
  const party = await db
    .insertInto('party_members')
    .values([
      {
        booking_id: booking.id,
        title: 'Mrs',
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1980-12-10',
        height: 168,
        dietary_requirements: 'Vegetarian',
        booking_room_id: rooms[0].id,
        tour_bike_id: electric.id,
        extras: JSON.stringify([{ id: 7, name: 'Luggage transfer', cost: 60, tour_party_extra_variation_id: null }]),
      },
      {
        booking_id: booking.id,
        title: 'Mr',
        first_name: 'Charles',
        last_name: 'Babbage',
        date_of_birth: '1978-12-26',
        height: 181,
        dietary_requirements: '',
        booking_room_id: rooms[0].id,
        tour_bike_id: hybrid.id,
        extras: '[]',
      },
      {
        booking_id: booking.id,
        title: 'Miss',
        first_name: 'Mary',
        last_name: 'Somerville',
        date_of_birth: '2012-12-26',
        height: 150,
        dietary_requirements: '',
        booking_room_id: rooms[1].id,
        tour_bike_id: null,
        extras: '[]',
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('payments')
    .values([
      {
        booking_id: booking.id,
        tx_code: `${reference}-1`,
        status: 'completed',
        amount: 500,
        sagepay_reference: '{ABC}',
        comment: 'Deposit',
        created_at: '2026-01-10T10:00:00Z',
      },
      {
        booking_id: booking.id,
        tx_code: `${reference}-2`,
        status: 'pending',
        amount: 2280,
        sagepay_reference: '',
        comment: 'Balance',
        created_at: '2026-04-10T10:00:00Z',
      },
    ])
    .execute();
  return {
    tourId: tour.id,
    tourSeasonId: tourSeason.id,
    bikes: { hybrid: hybrid.id, electric: electric.id, otherSeason: other.id },
    bookingId: booking.id,
    rooms: rooms.map((room) => room.id),
    party: party.map((member) => member.id),
  };
}
