import { z } from 'zod';

// Money and rates arrive as numbers; huge or non-finite values are refused before any maths.
export const MAX_MONEY = 10_000_000;
export const money = z.number({ error: 'Enter a number' }).finite().min(-MAX_MONEY).max(MAX_MONEY);
export const optionalId = z.number().int().positive().nullable();
export const id = z.number().int().positive();
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

/** A date as 'YYYY-MM-DD'. */
/** True when a YYYY-MM-DD names a day of the calendar (Date.parse would roll 2026-02-30 into March). */
export const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD').refine(isCalendarDate, 'Not a real date');
export const weekday = z.number().int().min(0).max(6);
