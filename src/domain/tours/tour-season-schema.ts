import { z } from 'zod';
import { idSchema, optionalIdSchema, optionalMoneySchema } from './form-values.js';

/** One row of the Seasons tab as sent in `PUT tours/{id}`; an id updates that tour season, none adds one. */
export const tourSeasonInputSchema = z.object({
  id: idSchema.optional(),
  season_id: idSchema,
  deposit: optionalMoneySchema,
  markup_model_id: optionalIdSchema,
  currency_id: optionalIdSchema,
  live: z.boolean().default(false),
});

export const tourSeasonRowsSchema = z
  .array(tourSeasonInputSchema)
  .max(100)
  .refine((rows) => new Set(rows.map((row) => row.season_id)).size === rows.length, 'Each season can be added to a tour once');

export const markupRateSchema = z.object({ id: z.number(), commission: z.number(), markup: z.number(), supplement_markup: z.number() });

/** A tour season with the model and currency its prices are computed with (SPEC.md section 3). */
export const tourSeasonSchema = z.object({
  id: z.number(),
  season_id: z.number(),
  name: z.string(),
  deposit: z.number().nullable(),
  markup_model_id: z.number().nullable(),
  currency_id: z.number().nullable(),
  live: z.boolean(),
  version: z.number(),
  model: z.object({ id: z.number(), name: z.string(), rates: z.array(markupRateSchema) }).nullable(),
  // `rate` is the currency's rate for this season, which prices use; null when none is set.
  currency: z.object({ id: z.number(), name: z.string(), rate: z.number().nullable(), symbol: z.string() }).nullable(),
});
export type TourSeason = z.infer<typeof tourSeasonSchema>;

export const seasonSummarySchema = z.object({ id: z.number(), name: z.string(), model_id: z.number().nullable(), currency_id: z.number().nullable() });
export type SeasonSummary = z.infer<typeof seasonSummarySchema>;
