import { z } from 'zod';
import { isoDate } from '../iso-date.js';
import { id } from '../record-id.js';

export { id, isoDate };

export const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/** SPEC.md section 3, Customer: every field is text, blank when unknown. */
export const customerSchema = z.object({
  title: text(40).default(''),
  first_name: text(200).default(''),
  last_name: text(200).default(''),
  email_address: text(320).default(''),
  telephone_number: text(60).default(''),
  alternative_telephone_number: text(60).default(''),
  address_line_1: text(300).default(''),
  address_line_2: text(300).default(''),
  town: text(200).default(''),
  county: text(200).default(''),
  postcode: text(30).default(''),
  country: text(200).default(''),
});
export type Customer = z.infer<typeof customerSchema>;

export const roomExtraSchema = z.object({
  id: z.number().int(),
  post: z.boolean(),
  name: text(300),
  cost: z.number(),
  quantity: z.number().int().min(0),
  room_name: text(300),
  category: text(300),
});
export type RoomExtra = z.infer<typeof roomExtraSchema>;

export const bookingRoomSchema = z.object({
  id,
  room_id: z.number().int().nullable(),
  name: z.string(),
  category: z.string(),
  cost: z.number(),
  extras: z.array(roomExtraSchema),
});
export type BookingRoom = z.infer<typeof bookingRoomSchema>;

export const partyExtraSchema = z.object({
  id: z.number().int(),
  name: text(300),
  cost: z.number(),
  tour_party_extra_variation_id: z.number().int().nullable(),
});
export type PartyExtra = z.infer<typeof partyExtraSchema>;

export const tourBikeOptionSchema = z.object({ id, bike_id: id, name: z.string(), cost: z.number() });
export type TourBikeOption = z.infer<typeof tourBikeOptionSchema>;

export const partyMemberSchema = z.object({
  id,
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: isoDate.nullable(),
  height: z.number().int().nullable(),
  dietary_requirements: z.string(),
  booking_room_id: z.number().int().nullable(),
  tour_bike_id: z.number().int().nullable(),
  tour_bike: tourBikeOptionSchema.nullable(),
  extras: z.array(partyExtraSchema),
});
export type PartyMember = z.infer<typeof partyMemberSchema>;

export const paymentSchema = z.object({
  id,
  tx_code: z.string(),
  status: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  sagepay_reference: z.string(),
  comment: z.string(),
  booking_id: id,
});
export type Payment = z.infer<typeof paymentSchema>;

export const TOTAL_FIELDS = [
  'total_cost',
  'total_rooms',
  'total_bikes',
  'total_room_extras',
  'total_party_extras',
  'total_reductions',
  'total_offers',
  'total_charges',
  'total_deposit',
  'total_at_booking',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];
export type BookingTotals = Record<TotalField, number>;
const totalsShape = {
  total_cost: z.number(),
  total_rooms: z.number(),
  total_bikes: z.number(),
  total_room_extras: z.number(),
  total_party_extras: z.number(),
  total_reductions: z.number(),
  total_offers: z.number(),
  total_charges: z.number(),
  total_deposit: z.number(),
  total_at_booking: z.number(),
} satisfies Record<TotalField, z.ZodNumber>;

export const bookingFiltersSchema = z.object({
  boat: z.number().int().optional(),
  from: z.string().max(40).optional(),
  guided: z.boolean().optional(),
  nights: z.number().int().optional(),
});
export type BookingFilters = z.infer<typeof bookingFiltersSchema>;

/** `GET bookings/{id}`: the booking with its tour, customer, rooms, party and payments. */
export const bookingSchema = z.object({
  id,
  version: z.number().int(),
  tour_id: z.number().int().nullable(),
  tour_season_id: z.number().int().nullable(),
  booking_reference: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.string(),
  tour_name: z.string(),
  tour_slug: z.string().nullable(),
  tour: z.object({ id, name: z.string(), slug: z.string(), balance_due: z.number().int() }).nullable(),
  createdAt: z.string(),
  holiday_start_date: isoDate.nullable(),
  arrival: isoDate.nullable(),
  comments: z.string(),
  filter_guided: z.boolean().nullable(),
  filter_nights: z.number().int().nullable(),
  filter_boat: z.number().int().nullable(),
  filter_from: z.string().nullable(),
  filters: bookingFiltersSchema,
  currency_id: z.number().int().nullable(),
  net_at_booking: z.number().nullable(),
  rate_at_booking: z.number().nullable(),
  ...totalsShape,
  customer: customerSchema,
  rooms: z.array(bookingRoomSchema),
  party: z.array(partyMemberSchema),
  payments: z.array(paymentSchema),
  /** The bikes of the booking's tour season: the choices of the party's bike field. */
  tour_bikes: z.array(tourBikeOptionSchema),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingSnapshotSchema = z.object({ id, createdAt: z.string(), snapshot: z.string() });
export type BookingSnapshot = z.infer<typeof bookingSnapshotSchema>;
