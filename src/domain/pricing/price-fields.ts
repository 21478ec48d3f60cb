import { z } from 'zod';
import { optionalId } from '../record-id.js';

// The pricing schemas' shared parts, with the primitives they are built from.
export { id, optionalId } from '../record-id.js';
export { isCalendarDate, isoDate } from '../iso-date.js';

/** The one money limit of a price: a typed amount or a formula's result past it either way is refused. */
export const MAX_MONEY = 10_000_000;
/**
 * Money arrives as numbers; non-finite values are refused here. The rest of a price's rules (the
 * money limit, two decimals, no negative gross or non-com: price-input-rules.ts) are checked by
 * the save before any maths, where the refusal can name the row as the grid numbers it.
 */
export const money = z.number({ error: 'Enter a number' }).finite();
export const FORMULA_MAX_LENGTH = 2000;

/**
 * The stored price fields shared by prices, bikes and extra variations (SPEC.md section 3). A
 * plain row's gross left out or null is missing, and refused by the save: never stored as 0.
 */
export const priceFieldsSchema = z.object({
  formula: z.string().max(FORMULA_MAX_LENGTH).nullable().default(null),
  gross: money.nullable().default(null),
  non_com: money.default(0),
  adjustment: money.default(0),
  markup_rate_id: optionalId.default(null),
});
export type PriceFields = z.infer<typeof priceFieldsSchema>;

/** What the server computed and stored with the fields above: a stored row always has its gross. */
export type StoredPriceFields = Omit<PriceFields, 'gross'> & { gross: number; net: number; cost: number };

export const weekday = z.number().int().min(0).max(6);
