import type { Kysely } from 'kysely';
import { customerSchema, type Booking, type BookingFilters } from '../../../domain/bookings/booking-schema.js';
import { findBookingWithTour, listBookingPayments, listBookingRooms, listPartyMembers, listTourBikeChoices } from '../../db/repositories/booking-repository.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The derived filters object of SPEC.md section 3: only the filter values that are set. */
export function filtersOf(row: {
  filter_boat: number | null;
  filter_from: string | null;
  filter_guided: boolean | null;
  filter_nights: number | null;
}): BookingFilters {
  const filters: BookingFilters = {};
  if (row.filter_boat !== null) filters.boat = row.filter_boat;
  if (row.filter_from !== null && row.filter_from !== '') filters.from = row.filter_from;
  if (row.filter_guided !== null) filters.guided = row.filter_guided;
  if (row.filter_nights !== null) filters.nights = row.filter_nights;
  return filters;
}

/** `GET bookings/{id}`: one booking with everything its overview and edit form show. */
export async function loadBooking(db: Kysely<Database>, id: number): Promise<Booking> {
  const row = await findBookingWithTour(db, id);
  if (!row) throw notFound('Booking');

  const [rooms, party, payments, tourBikes] = await Promise.all([
    listBookingRooms(db, id),
    listPartyMembers(db, id),
    listBookingPayments(db, id),
    row.tour_season_id === null ? Promise.resolve([]) : listTourBikeChoices(db, row.tour_season_id),
  ]);
  // A bike priced per length of stay names its nights, so two "Hybrid bike" rows stay apart.
  const bikeOptions = tourBikes.map((bike) => ({
    id: bike.id,
    bike_id: bike.bike_id,
    name: bike.nights === null ? bike.name : `${bike.name} (${bike.nights} nights)`,
    cost: bike.cost,
  }));
  const bikeById = new Map(bikeOptions.map((bike) => [bike.id, bike]));

  const { t_name, t_slug, t_balance_due, created_at, customer, version, ...booking } = row;
  return {
    ...booking,
    version,
    tour_slug: t_slug,
    tour: booking.tour_id !== null && t_name !== null ? { id: booking.tour_id, name: t_name, slug: t_slug ?? '', balance_due: t_balance_due ?? 0 } : null,
    createdAt: iso(created_at),
    filters: filtersOf(booking),
    customer: customerSchema.parse(customer ?? {}),
    rooms,
    party: party.map(({ booking_id: _bookingId, ...member }) => ({
      ...member,
      tour_bike: member.tour_bike_id === null ? null : (bikeById.get(member.tour_bike_id) ?? null),
    })),
    payments: payments.map(({ created_at: paidAt, ...payment }) => ({ ...payment, createdAt: iso(paidAt) })),
    tour_bikes: bikeOptions,
  };
}
