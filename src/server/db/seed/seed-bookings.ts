// Bookings with rooms, party members, payments and snapshots, written in chunks so 50,000
// bookings never sit in memory at once.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { insertRows, insertWithIds } from './batch-insert.js';
import { type PlannedBooking, planBooking } from './plan-booking.js';
import type { SeededRandom } from './seeded-random.js';
import type { TourSeasonPlan } from './tour-season-plan.js';

const CHUNK = 2_000;
/** Most bookings are for the current season, fewer for the next ones. */
const SEASON_WEIGHTS = [60, 32, 8];

export async function seedBookings(
  db: Kysely<Database>,
  random: SeededRandom,
  seasonPlans: readonly TourSeasonPlan[],
  count: number,
  onProgress: (message: string) => void,
): Promise<void> {
  const bookable = seasonPlans.filter((plan) => plan.live && !plan.tour.deleted);
  const candidates = bookable.length > 0 ? bookable : [...seasonPlans];
  const seasonIds = [...new Set(candidates.map((plan) => plan.season.id))];
  const bySeason = seasonIds.map((seasonId, index) => [candidates.filter((plan) => plan.season.id === seasonId), SEASON_WEIGHTS[index] ?? 1] as const);

  for (let first = 0; first < count; first += CHUNK) {
    const bookings: PlannedBooking[] = [];
    for (let sequence = first + 1; sequence <= Math.min(count, first + CHUNK); sequence++) {
      bookings.push(planBooking(random, random.pick(random.weighted(bySeason)), sequence));
    }
    await writeBookings(db, bookings);
    onProgress(`Bookings ${Math.min(count, first + CHUNK).toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')}`);
  }
}

async function writeBookings(db: Kysely<Database>, bookings: PlannedBooking[]): Promise<void> {
  await insertWithIds(db, 'bookings', bookings, (booking) => ({
    id: booking.id,
    tour_id: booking.plan.tour.id,
    tour_season_id: booking.plan.id,
    booking_reference: booking.reference,
    title: booking.customer.title,
    first_name: booking.customer.first_name,
    last_name: booking.customer.last_name,
    status: booking.status,
    tour_name: booking.plan.tour.name,
    holiday_start_date: booking.holidayStart,
    arrival: booking.arrival,
    comments: booking.comments,
    filter_guided: booking.category.guided,
    filter_nights: booking.category.nights,
    filter_boat: booking.category.boatId,
    filter_from: booking.holidayStart,
    currency_id: booking.plan.currencyId,
    net_at_booking: booking.netAtBooking,
    rate_at_booking: booking.plan.currencyRate,
    ...booking.totals,
    customer: JSON.stringify(booking.customer),
    created_at: booking.createdAt,
  }));

  const rooms = bookings.flatMap((booking) => booking.rooms.map((room) => ({ id: 0, room, booking })));
  await insertWithIds(db, 'booking_rooms', rooms, ({ id, room, booking }) => ({
    id,
    booking_id: booking.id,
    // The price row the room was booked from.
    room_id: room.price.id,
    name: room.price.roomType.name,
    category: room.price.accommodation?.name ?? room.price.deck?.name ?? '',
    cost: room.cost,
    extras: JSON.stringify(room.extras),
  }));
  for (const entry of rooms) entry.room.id = entry.id;

  await insertRows(
    db,
    'party_members',
    bookings.flatMap((booking) =>
      booking.members.map((member) => ({
        booking_id: booking.id,
        title: member.person.title,
        first_name: member.person.firstName,
        last_name: member.person.lastName,
        date_of_birth: member.dateOfBirth,
        height: member.height,
        dietary_requirements: member.dietaryRequirements,
        booking_room_id: member.room.id,
        tour_bike_id: member.bike?.id ?? null,
        extras: JSON.stringify(member.extras),
      })),
    ),
  );
  await insertRows(
    db,
    'payments',
    bookings.flatMap((booking) =>
      booking.payments.map((payment) => ({
        booking_id: booking.id,
        tx_code: payment.txCode,
        status: payment.status,
        amount: payment.amount,
        sagepay_reference: payment.sagepayReference,
        comment: payment.comment,
        created_at: payment.createdAt,
      })),
    ),
  );
  await insertRows(
    db,
    'booking_snapshots',
    bookings.flatMap((booking) =>
      booking.snapshots.map((snapshot) => ({ booking_id: booking.id, snapshot: snapshot.snapshot, created_at: new Date(snapshot.createdAt) })),
    ),
  );
}
