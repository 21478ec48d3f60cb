import { z } from 'zod';
import { TOUR_RICH_TEXT_MAX, withDepthLimit } from '../reference/rich-text.js';
import { idListSchema, idSchema, optionalIdSchema } from './form-values.js';
import { tourMetaListSchema } from './tour-meta-schema.js';
import { DIFFICULTIES, SEO_DESCRIPTION_REQUIRED, TOUR_STATUSES } from './tour-options.js';
import { seasonSummarySchema, tourSeasonRowsSchema, tourSeasonSchema } from './tour-season-schema.js';
import { tourSlugSchema } from './tour-slug.js';
import { oneLine } from '../one-line-text.js';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const richText = withDepthLimit(z.string().max(TOUR_RICH_TEXT_MAX, 'The text is too long'));
const distinct = <T extends z.ZodType<number | string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((values) => new Set(values).size === values.length, 'Each option may be chosen once');

/** Every field of the tour form (SPEC.md section 3, Tour), as the API accepts it. */
export const tourFieldsSchema = z.object({
  name: oneLine(z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'), 'Name'),
  slug: tourSlugSchema,
  tour_code: oneLine(text(40), 'Tour code'),
  name_short: oneLine(text(200), 'Short name'),
  name_operator: oneLine(text(200), 'Operator name'),
  operator_id: optionalIdSchema,
  excerpt: text(5000),
  media_id: optionalIdSchema,
  hero_id: optionalIdSchema,
  gallery_id: optionalIdSchema,
  accommodation_gallery_id: optionalIdSchema,
  content: richText,
  highlights: richText,
  status: z.enum(TOUR_STATUSES, 'Status is draft or live'),
  deleted: z.boolean(),
  length: text(100),
  balance_due: z.int('Balance due is a whole number of days').min(0, 'Balance due must not be negative').max(730, 'Balance due is at most 730 days'),
  months: distinct(z.int().min(1).max(12), 12),
  nights: distinct(z.int().min(1, 'Nights run from 1 to 15').max(15, 'Nights run from 1 to 15'), 15),
  arrival_days: distinct(z.int().min(0).max(6), 7),
  difficulty: distinct(z.enum(DIFFICULTIES, 'Difficulty is Easy, Leisurely, Moderate or Challenging'), 4),
  bike_and_boat: z.boolean(),
  guidance: z.literal([0, 1, 2], 'Guidance is 0, 1 or 2').nullable(),
  solo_cyclists_allowed: z.boolean(),
  boat_accommodation: text(2000),
  start_point: text(500),
  finish_point: text(500),
  seo_title: text(500),
  seo_description: text(2000),
  seo_keywords: text(1000),
  destinations: idListSchema,
  regions: idListSchema,
  hotels: idListSchema,
  restaurants: idListSchema,
  related_tours: idListSchema,
  related_themes: idListSchema,
});
export type TourFields = z.infer<typeof tourFieldsSchema>;

/** `POST tours`: a name is enough; the slug defaults to one made from the name, the status to draft. */
export const tourCreateSchema = tourFieldsSchema.partial().required({ name: true }).omit({ deleted: true });
export type TourCreate = z.input<typeof tourCreateSchema>;

/**
 * `PUT tours/{id}`: any tour fields (the form sends them all, a delete sends `deleted` and
 * `status`), plus the Seasons tab's rows or the Details tab's meta, with the version read.
 */
export const tourUpdateSchema = tourFieldsSchema.partial().extend({
  // An edit that carries the SEO description must not blank it (SPEC.md section 5).
  seo_description: z.string().trim().min(1, SEO_DESCRIPTION_REQUIRED).max(2000, 'At most 2000 characters').optional(),
  version: idSchema,
  seasons: tourSeasonRowsSchema.optional(),
  meta: tourMetaListSchema.optional(),
});
export type TourUpdate = z.input<typeof tourUpdateSchema>;

/** A tour as `GET tours/{id}` answers: its fields, its seasons and every season it could add. */
export const tourSchema = z.object({
  id: z.number(),
  version: z.number(),
  order: z.number(),
  name: z.string(),
  slug: z.string(),
  tour_code: z.string(),
  name_short: z.string(),
  name_operator: z.string(),
  operator_id: z.number().nullable(),
  excerpt: z.string(),
  media_id: z.number().nullable(),
  hero_id: z.number().nullable(),
  gallery_id: z.number().nullable(),
  accommodation_gallery_id: z.number().nullable(),
  content: z.string(),
  highlights: z.string(),
  status: z.string(),
  deleted: z.boolean(),
  length: z.string(),
  balance_due: z.number(),
  months: z.array(z.number()),
  nights: z.array(z.number()),
  arrival_days: z.array(z.number()),
  difficulty: z.array(z.string()),
  bike_and_boat: z.boolean(),
  guidance: z.number().nullable(),
  solo_cyclists_allowed: z.boolean(),
  boat_accommodation: z.string(),
  start_point: z.string(),
  finish_point: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  destinations: z.array(z.number()),
  regions: z.array(z.number()),
  hotels: z.array(z.number()),
  restaurants: z.array(z.number()),
  related_tours: z.array(z.number()),
  related_themes: z.array(z.number()),
  seasons: z.array(tourSeasonSchema),
  allSeasons: z.array(seasonSummarySchema),
  /** The public tour page (the sub-navigation's View link); null when the site address is unknown. */
  public_url: z.string().nullable(),
});
export type Tour = z.infer<typeof tourSchema>;
