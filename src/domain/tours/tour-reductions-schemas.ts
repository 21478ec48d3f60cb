import { z } from 'zod';
import { POSTGRES_INTEGER_MAX } from '../record-id.js';
import { hasMoneyDecimals } from '../money-decimals.js';
import { id, MAX_MONEY, optionalId } from '../pricing/price-fields.js';
import { limitedList, ownLength, SEASON_LIMITS } from '../pricing/season-limits.js';
import type { TourSeasonPricingContext } from '../pricing/tour-pricing.js';
import { removedIdsSchema, seasonVersionSchema, type SeasonSaveOutcome } from './season-data-save.js';
import { FREE_CHILD_OUTPUT_MAX_AGE, FREE_CHILD_PERCENT, numberOrNullInput } from './tour-extras-rules.js';

// Reductions of a tour season (SPEC.md sections 3, 5, 7 and 9): child and deck reductions. The
// input fields describe who qualifies (input: the paying adults, e.g. quantity 2, min age 18),
// the output fields who is reduced (e.g. ages 0-5), percent or cost how much.

/** Empty or non-numeric becomes null (SPEC.md section 5); a number out of range is bad input. */
const nullableNumber = (schema: z.ZodNumber) => z.preprocess(numberOrNullInput, schema.nullable());
const ageOrCount = nullableNumber(z.number().int('Must be a whole number').min(0, 'Must not be negative').max(1000));

const reductionFields = {
  order: z.number().int('Must be a whole number').min(0).max(10_000).default(0),
  percent: nullableNumber(z.number().min(0, 'Percent is 0 to 100').max(100, 'Percent is 0 to 100')),
  cost: nullableNumber(
    z
      .number()
      .min(-MAX_MONEY, `Cost is at least -${MAX_MONEY.toLocaleString('en-GB')}`)
      .max(MAX_MONEY, `Cost is at most ${MAX_MONEY.toLocaleString('en-GB')}`)
      .refine(hasMoneyDecimals, 'Cost has at most 2 decimals: pounds and pence'),
  ),
  room_type_id: optionalId.default(null),
  deck_id: optionalId.default(null),
  output_quantity: ageOrCount,
  output_min: ageOrCount,
  output_max: ageOrCount,
  input_quantity: ageOrCount,
  input_min: ageOrCount,
  input_max: ageOrCount,
  // How a child's share is worked out: a room type and an accommodation category number.
  child_calc_room: z.number().int().min(0).max(POSTGRES_INTEGER_MAX).nullable().default(null),
  child_calc_accommodation: z.number().int().min(0).max(POSTGRES_INTEGER_MAX).nullable().default(null),
};

/** One reduction as sent in a season-wide save; without id it is new. Omitted fields are null. */
export const reductionInputSchema = z.object({ id: id.optional(), ...reductionFields });
export type ReductionInput = z.input<typeof reductionInputSchema>;
export type ReductionParsed = z.output<typeof reductionInputSchema>;

/** PUT tour-reductions/{tourId}/{seasonId}/{id}: every field, and the season version read. */
export const reductionSaveSchema = z.object({ version: seasonVersionSchema, ...reductionFields });

/**
 * POST tour-reductions/{tourId}/{seasonId}: as PUT, but a new reduction is a free-child one
 * (SPEC.md section 9) where percent and output_max are left out: percent 100, output max age 5.
 * Sent as null or '' they stay null.
 */
export const reductionCreateSchema = reductionSaveSchema.extend({
  percent: reductionFields.percent.default(FREE_CHILD_PERCENT),
  output_max: reductionFields.output_max.default(FREE_CHILD_OUTPUT_MAX_AGE),
});

/** PUT tour-reductions/{tourId}/{seasonId} (season-wide): all reductions in order and queued removals. */
export const reductionsSeasonSaveSchema = z.object({
  version: seasonVersionSchema,
  reductions: limitedList(z.array(reductionInputSchema), [{ what: 'reductions', limit: SEASON_LIMITS.reductions, count: ownLength }]),
  removed_ids: removedIdsSchema,
});
export type ReductionsSeasonSave = z.input<typeof reductionsSeasonSaveSchema>;

export type Reduction = Omit<ReductionParsed, 'id'> & { id: number; tour_season_id: number };

/** A new staged reduction: the free-child defaults of SPEC.md section 9, everything else empty. */
export function newFreeChildReduction(order = 0): Omit<Reduction, 'id' | 'tour_season_id'> {
  return {
    order,
    percent: FREE_CHILD_PERCENT,
    cost: null,
    room_type_id: null,
    deck_id: null,
    output_quantity: null,
    output_min: null,
    output_max: FREE_CHILD_OUTPUT_MAX_AGE,
    input_quantity: null,
    input_min: null,
    input_max: null,
    child_calc_room: null,
    child_calc_accommodation: null,
  };
}

export type ReductionsList = { tour_season: TourSeasonPricingContext; reductions: Reduction[] };
export type ReductionAnswer = { reduction: Reduction; version: number };
export type ReductionsSeasonSaved = ReductionsList & SeasonSaveOutcome;

export const reductionToast = {
  created: (reductionId: number) => `Created reduction ${reductionId}`,
  updated: (reductionId: number) => `Updated reduction ${reductionId}`,
  deleted: (reductionId: number) => `Deleted reduction ${reductionId}`,
};
