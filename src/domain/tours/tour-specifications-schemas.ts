import { z } from 'zod';
import { TOUR_RICH_TEXT_MAX, withDepthLimit } from '../reference/rich-text.js';
import { id } from '../pricing/price-fields.js';
import type { TourSeasonPricingContext } from '../pricing/tour-pricing.js';
import { removedIdsSchema, seasonVersionSchema, type SeasonSaveOutcome } from './season-data-save.js';

// Specifications of a tour season (SPEC.md sections 3 and 7): what the price includes and
// excludes, as rich text. The server sanitises both before storing.

const richText = withDepthLimit(z.string().max(TOUR_RICH_TEXT_MAX, 'The text is too long')).default('');

const specificationFields = { price_includes: richText, price_excludes: richText };

export const specificationInputSchema = z.object({ id: id.optional(), ...specificationFields });

/** POST tour-specifications/{tourId}/{seasonId} and PUT .../{id}. */
export const specificationSaveSchema = z.object({ version: seasonVersionSchema, ...specificationFields });

/** PUT tour-specifications/{tourId}/{seasonId} (season-wide). */
export const specificationsSeasonSaveSchema = z.object({
  version: seasonVersionSchema,
  specifications: z.array(specificationInputSchema).max(100),
  removed_ids: removedIdsSchema,
});
export type SpecificationsSeasonSave = z.input<typeof specificationsSeasonSaveSchema>;

export type Specification = { id: number; tour_season_id: number; price_includes: string; price_excludes: string };

export type SpecificationsList = { tour_season: TourSeasonPricingContext; specifications: Specification[] };
export type SpecificationAnswer = { specification: Specification; version: number };
export type SpecificationsSeasonSaved = SpecificationsList & SeasonSaveOutcome;

export const specificationToast = {
  created: (specificationId: number) => `Created specification ${specificationId}`,
  updated: (specificationId: number) => `Updated specification ${specificationId}`,
  deleted: (specificationId: number) => `Deleted specification ${specificationId}`,
};
