import { z } from 'zod';
import { recordVersion } from '../record-id.js';
import { id, optionalId, priceFieldsSchema, type StoredPriceFields } from './price-fields.js';
import { limitedList, ownLength, SEASON_LIMITS } from './season-limits.js';

/** A bike offered on a tour season, priced with the supplement markup (SPEC.md section 3). */
export const tourBikeSchema = priceFieldsSchema.extend({
  id: id.optional(),
  bike_id: id,
  order: z.number().int().min(0).max(10_000).default(0),
  nights: z.number().int().min(0).max(366).nullable().default(null),
  boat_id: optionalId.default(null),
  gallery_id: optionalId.default(null),
});
export type TourBikeInput = z.infer<typeof tourBikeSchema>;

export const tourBikesSaveSchema = z.object({
  version: recordVersion,
  bikes: limitedList(z.array(tourBikeSchema), [{ what: 'bikes', limit: SEASON_LIMITS.bikes, count: ownLength }]),
  removed_ids: z.array(id).max(500).default([]),
  /** How many rows under the model's margin guardrail the person saving confirmed (see margin-guardrail.ts). */
  below_guardrail_confirmed: z.number().int().min(0).max(100_000).optional(),
});
export type TourBikesSave = z.infer<typeof tourBikesSaveSchema>;

/** POST adds bikes at the end (Add Bike, Add Default Bikes); the version is optional there. */
export const tourBikesAddSchema = z.object({
  version: recordVersion.optional(),
  bikes: z.array(tourBikeSchema).min(1, 'Choose at least one bike').max(50),
});

export type TourBike = Omit<TourBikeInput, 'id'> & StoredPriceFields & { id: number; tour_season_id: number };

/** Add Default Bikes needs two bikes; Add Bike needs one (SPEC.md section 5). */
export const DEFAULT_BIKES_COUNT = 2;
export const DEFAULT_BIKES_DELAY_MS = 500;
