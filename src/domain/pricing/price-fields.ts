import { z } from 'zod';
import { optionalId } from '../record-id.js';

// The pricing schemas' shared parts, with the primitives they are built from.
export { id, optionalId } from '../record-id.js';
export { isCalendarDate, isoDate } from '../iso-date.js';

// Money and rates arrive as numbers; huge or non-finite values are refused before any maths.
export const MAX_MONEY = 10_000_000;
export const money = z.number({ error: 'Enter a number' }).finite().min(-MAX_MONEY).max(MAX_MONEY);
export const FORMULA_MAX_LENGTH = 2000;

/** The stored price fields shared by prices, bikes and extra variations (SPEC.md section 3). */
export const priceFieldsSchema = z.object({
  formula: z.string().max(FORMULA_MAX_LENGTH).nullable().default(null),
  gross: money.default(0),
  non_com: money.default(0),
  adjustment: money.default(0),
  markup_rate_id: optionalId.default(null),
});
export type PriceFields = z.infer<typeof priceFieldsSchema>;

/** What the server computed and stored with the fields above. */
export type StoredPriceFields = PriceFields & { net: number; cost: number };

export const weekday = z.number().int().min(0).max(6);
