import { z } from 'zod';
import { recordVersion } from '../record-id.js';
import type { MarginGuardrail } from '../models/margin-guardrail.js';
import type { DateRange } from './date-ranges.js';
import { id, isoDate, optionalId, priceFieldsSchema, weekday, type StoredPriceFields } from './price-fields.js';
import { limitedList, SEASON_LIMITS, SEASON_PRICING_LIMITS } from './season-limits.js';

/** A price row of a pricing category (SPEC.md section 3: Category price). */
export const categoryPriceSchema = priceFieldsSchema.extend({
  id: id.optional(),
  room_type_id: optionalId.default(null),
  accommodation_category_id: optionalId.default(null),
  deck_id: optionalId.default(null),
});
export type CategoryPriceInput = z.infer<typeof categoryPriceSchema>;

const MAX_DATES = 366;
/** More ranges than a year has weeks is no price group: a runaway client. */
const MAX_DATE_RANGES = 60;

/** One date range of a group (date-ranges.ts); a save refuses an empty start or end, naming the group. */
export const dateRangeSchema = z.object({ start: isoDate.nullable(), end: isoDate.nullable() });

/**
 * A price group (SPEC.md section 3: Pricing category). Empty nights and guided are null.
 * `date_ranges` are the group's dates; `start` and `end` are their span as the server answers it.
 * A body without `date_ranges` (an older client) gives the group the one range `start`-`end`.
 */
export const pricingCategorySchema = z.object({
  id: id.optional(),
  start: isoDate.nullable().default(null),
  end: isoDate.nullable().default(null),
  date_ranges: z.array(dateRangeSchema).max(MAX_DATE_RANGES).optional(),
  nights: z.number().int().min(0).max(366).nullable().default(null),
  guided: z.boolean().nullable().default(null),
  boat_id: optionalId.default(null),
  tour_route_id: optionalId.default(null),
  specific_dates: z.array(isoDate).max(MAX_DATES).default([]),
  restricted_dates: z.array(isoDate).max(MAX_DATES).default([]),
  restricted_days: z.array(weekday).max(7).default([]),
  prices: z.array(categoryPriceSchema).max(SEASON_LIMITS.prices).default([]),
});
export type PricingCategoryInput = z.infer<typeof pricingCategorySchema>;

/** A price group's own fields (its prices aside): what the server stores per group and a merge compares. */
export const PRICING_GROUP_FIELDS = [
  'start',
  'end',
  'date_ranges',
  'nights',
  'guided',
  'boat_id',
  'tour_route_id',
  'specific_dates',
  'restricted_dates',
  'restricted_days',
] as const satisfies readonly (keyof PricingCategoryInput)[];

/** One season's whole pricing, saved at once: all groups in display order, plus queued removals. */
export const seasonPricingSaveSchema = z.object({
  version: recordVersion,
  categories: limitedList(z.array(pricingCategorySchema), SEASON_PRICING_LIMITS),
  removed_category_ids: z.array(id).max(2000).default([]),
  /** How many rows under the model's margin guardrail the person saving confirmed (see margin-guardrail.ts). */
  below_guardrail_confirmed: z.number().int().min(0).max(100_000).optional(),
});
export type SeasonPricingSave = z.infer<typeof seasonPricingSaveSchema>;

/** A single group's save (SPEC.md section 7: POST/PUT tour-pricing/.../{categoryId}). */
export const categorySaveSchema = pricingCategorySchema.extend({ version: recordVersion });

export type CategoryPrice = Omit<CategoryPriceInput, 'id'> & StoredPriceFields & { id: number };
export type PricingCategory = Omit<PricingCategoryInput, 'id' | 'prices' | 'date_ranges'> & { id: number; date_ranges: DateRange[]; prices: CategoryPrice[] };

export type SeasonRate = { id: number; commission: number; markup: number; supplement_markup: number };

/** The tour season a price screen works on, with what its maths needs. */
export type TourSeasonPricingContext = {
  id: number;
  tour_id: number;
  season_id: number;
  season_name: string;
  version: number;
  deposit: number | null;
  live: boolean;
  markup_model_id: number | null;
  currency_id: number | null;
  /** The guardrail fields are absent only in test fixtures written before guardrails. */
  model: ({ id: number; name: string; rates: SeasonRate[] } & Partial<MarginGuardrail>) | null;
  currency: { id: number; name: string; symbol: string; rate: number | null } | null;
};

export type SeasonPricing = { tour_season: TourSeasonPricingContext; categories: PricingCategory[] };

export const MISSING_MODEL_OR_CURRENCY = "Error: Missing 'Model' or 'Currency' data for this season.";
