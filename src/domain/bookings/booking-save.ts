import type { Booking, BookingFilters, PartyExtra, RoomExtra } from './booking-schema.js';
import type { BookingSaveInput, PartyMemberSave } from './booking-save-schema.js';

/** The party member as the edit form holds it: selects and inputs give text. */
export type PartyMemberForm = {
  id?: number;
  title: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  height: string;
  dietary_requirements: string;
  booking_room_id: string;
  tour_bike_id: string;
  extras: PartyExtra[];
};

export type BookingForm = {
  version: number;
  booking_reference: string;
  title: string;
  first_name: string;
  last_name: string;
  status: string;
  comments: string;
  customer: BookingSaveInput['customer'];
  filters: { boat: number | null; from: string | null; guided: boolean | null; nights: number | null };
  rooms: { id: number; extras: RoomExtra[] }[];
  party: PartyMemberForm[];
};

const optionalId = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** SPEC.md section 5: the filters object holds only the filter values that are set. */
export function filtersFrom(filters: BookingForm['filters']): BookingFilters {
  const result: BookingFilters = {};
  if (filters.boat !== null) result.boat = filters.boat;
  if (filters.from !== null && filters.from !== '') result.from = filters.from;
  if (filters.guided !== null) result.guided = filters.guided;
  if (filters.nights !== null) result.nights = filters.nights;
  return result;
}

export function partyMemberToSave(member: PartyMemberForm): PartyMemberSave {
  const height = member.height.trim();
  return {
    ...(member.id === undefined ? {} : { id: member.id }),
    title: member.title,
    first_name: member.first_name,
    last_name: member.last_name,
    date_of_birth: member.date_of_birth === '' ? null : member.date_of_birth,
    height: height === '' ? null : Number(height),
    dietary_requirements: member.dietary_requirements,
    booking_room_id: optionalId(member.booking_room_id),
    // SPEC.md section 5: a blank bike choice becomes null.
    tour_bike_id: optionalId(member.tour_bike_id),
    extras: member.extras,
  };
}

/** The body of `PUT bookings/{id}` from the edit form (SPEC.md section 5, Booking save). */
export function bookingFormToSave(form: BookingForm): BookingSaveInput {
  return {
    version: form.version,
    booking_reference: form.booking_reference.trim(),
    title: form.title,
    first_name: form.first_name,
    last_name: form.last_name,
    status: form.status,
    comments: form.comments,
    customer: form.customer,
    filters: filtersFrom(form.filters),
    // Rooms with empty extras drop the field, so the server leaves their extras alone.
    rooms: form.rooms.map((room) => (room.extras.length === 0 ? { id: room.id } : { id: room.id, extras: room.extras })),
    party: form.party.map(partyMemberToSave),
  };
}

/** The edit form's starting values from `GET bookings/{id}`. */
export function bookingToForm(booking: Booking): BookingForm {
  return {
    version: booking.version,
    booking_reference: booking.booking_reference,
    title: booking.title,
    first_name: booking.first_name,
    last_name: booking.last_name,
    status: booking.status,
    comments: booking.comments,
    customer: { ...booking.customer },
    filters: { boat: booking.filter_boat, from: booking.filter_from, guided: booking.filter_guided, nights: booking.filter_nights },
    rooms: booking.rooms.map((room) => ({ id: room.id, extras: room.extras })),
    party: booking.party.map((member) => ({
      id: member.id,
      title: member.title,
      first_name: member.first_name,
      last_name: member.last_name,
      date_of_birth: member.date_of_birth ?? '',
      height: member.height === null ? '' : String(member.height),
      dietary_requirements: member.dietary_requirements,
      booking_room_id: member.booking_room_id === null ? '' : String(member.booking_room_id),
      tour_bike_id: member.tour_bike_id === null ? '' : String(member.tour_bike_id),
      extras: member.extras,
    })),
  };
}
