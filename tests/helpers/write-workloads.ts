import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { BookingSaveInput } from '../../src/domain/bookings/booking-save-schema.js';
import { bookingFormToSave, bookingToForm } from '../../src/domain/bookings/booking-save.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';

// Saves the crash and concurrency tests send, and how a stored state is summed up. The crash test's
// writer journals what it sent and what the server acknowledged, and the test compares the
// restarted server's state with the journal; the concurrency test races two saves and compares the
// state with the winner's. Save number n marks every row a save writes, so a state mixing two
// saves, or a save cut half way, matches neither.

export type PriceLane = { kind: 'prices'; tourId: number; seasonId: number; roomTypeId: number | null; markupRateId: number | null };
export type BookingLane = { kind: 'booking'; bookingId: number };
export type PaymentLane = { kind: 'payments'; bookingId: number };
export type Lane = PriceLane | BookingLane | PaymentLane;

export type WriterConfig = { baseUrl: string; authorization: string; journal: string; lanes: Lane[]; firstSave: number };

/** A season's prices as groups of grosses, with its version. */
export type PriceState = { version: number; groups: number[][] };
/** A booking's saved fields, its party, and how many snapshots its saves left. */
export type BookingState = { version: number; comments: string; party: string[]; snapshots: number };
export type PaymentRecord = { id: number | null; tx_code: string; amount: number };

export type JournalLine =
  | { lane: number; op: 'start'; state: PriceState | BookingState | null }
  | { lane: number; op: 'send'; n: number; expect: PriceState | BookingState | PaymentRecord }
  | { lane: number; op: 'ack'; n: number; state: PriceState | BookingState | PaymentRecord }
  | { lane: number; op: 'lost'; n: number; error: string }
  | { lane: number; op: 'refused'; n: number; status: number; body: string };

export const PAYMENT_PREFIX = 'crash-';
const ADDED_FIRST_NAME = 'Added';

export const priceStateOf = (pricing: SeasonPricing): PriceState => ({
  version: pricing.tour_season.version,
  groups: pricing.categories.map((category) => category.prices.map((price) => price.gross)),
});

/** Save n: 1-3 groups of 1-4 prices, every gross n (so the row counts change from save to save). */
export function priceSave(lane: PriceLane, n: number, version: number) {
  const groupCount = 1 + (n % 3);
  const categories = Array.from({ length: groupCount }, (_, group) => ({
    start: '2026-04-01',
    end: '2026-10-31',
    nights: 1 + ((n + group) % 14),
    prices: Array.from({ length: 1 + ((n + group) % 4) }, () => ({ room_type_id: lane.roomTypeId, markup_rate_id: lane.markupRateId, gross: n })),
  }));
  const expect: PriceState = { version: version + 1, groups: categories.map((category) => category.prices.map(() => n)) };
  return { body: { version, categories, removed_category_ids: [] }, expect };
}

export const bookingStateOf = (booking: Booking, snapshots: number): BookingState => ({
  version: booking.version,
  comments: booking.comments,
  party: booking.party.map((member) => `${member.first_name} ${member.last_name}`).sort(),
  snapshots,
});

/**
 * Save n: the comments and every traveller's surname carry n, and 0-2 added travellers replace
 * the previous save's (a delete and inserts in the same transaction as the booking update).
 */
export function bookingSave(booking: Booking, snapshots: number, n: number): { body: BookingSaveInput; expect: BookingState } {
  const base = bookingFormToSave(bookingToForm(booking));
  const original = base.party.filter((member) => member.first_name !== ADDED_FIRST_NAME).map((member) => ({ ...member, last_name: `Save ${n}` }));
  const added = Array.from({ length: n % 3 }, (_, index) => ({
    title: '',
    first_name: ADDED_FIRST_NAME,
    last_name: `Save ${n} #${index + 1}`,
    date_of_birth: null,
    height: null,
    dietary_requirements: '',
    booking_room_id: null,
    tour_bike_id: null,
  }));
  const party = [...original, ...added];
  const body = { ...base, comments: `crash save ${n}`, party };
  const expect: BookingState = {
    version: booking.version + 1,
    comments: body.comments,
    party: party.map((member) => `${member.first_name} ${member.last_name}`).sort(),
    snapshots: snapshots + 1,
  };
  return { body, expect };
}

/** Payment n: an amount in pence that a float would not keep exactly beside the others. */
export const paymentOf = (lane: PaymentLane, n: number) => ({
  body: {
    booking_id: lane.bookingId,
    amount: Number(`${n % 100000}.${String(n % 97).padStart(2, '0')}`),
    status: 'completed',
    tx_code: `${PAYMENT_PREFIX}${n}`,
    comment: `crash payment ${n}`,
  },
});
