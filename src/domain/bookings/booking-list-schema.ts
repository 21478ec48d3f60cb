import { z } from 'zod';
import { id, isoDate } from './booking-schema.js';

export const bookingListItemSchema = z.object({
  id,
  booking_reference: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tour_name: z.string(),
  status: z.string(),
  createdAt: z.string(),
  holiday_start_date: isoDate.nullable(),
});
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

/** A page of the booking list; a search's total stops counting at SEARCH_COUNT_CAP. */
export const bookingPageSchema = z.object({
  results: z.array(bookingListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** True when there are more than `total` matches (counting them all would cost too much). */
  total_capped: z.boolean(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

/**
 * Counting every match of a common word (a tour name: 6,000 of 50,000 bookings) costs more than
 * finding the page itself; past this many the list says '1,000+' and staff narrow the search (or
 * choose a status) rather than page further.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * The words of a search as a prefix query for the booking search terms ('bk:* & 2026:*'),
 * split the way the terms are (hyphens and punctuation part words); null when no word is left.
 */
export function searchPrefixQuery(search: string | undefined): string | null {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 8);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}
