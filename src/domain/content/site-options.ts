import { z } from 'zod';
import { nameField, richTextField, textField } from '../reference/reference-fields.js';
import { POPULAR_SEARCH_TYPES } from './content-constants.js';
import { orderField, requiredVersionField } from './content-fields.js';

export const MAX_POPULAR_SEARCHES = 50;
export const MAX_FEATURED_REVIEWS = 50;

export const popularSearchSchema = z.object({
  name: nameField('Search name'),
  primary: z.boolean({ error: 'Primary must be true or false' }).default(false),
  /** The slug of the tour, destination or region the search leads to. */
  slug: z.string({ error: 'Search slug is required' }).trim().min(1, 'Search slug is required').max(200, 'Search slug must be at most 200 characters'),
  type: z.enum(POPULAR_SEARCH_TYPES, `Search type must be one of ${POPULAR_SEARCH_TYPES.join(', ')}`),
  order: orderField('Search order'),
});
export type PopularSearch = z.output<typeof popularSearchSchema>;

const parseJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // left as text, so the array check below reports it
  }
};

/** Sent as a JSON string (SPEC.md section 7); a plain array is accepted too. */
const popularSearchesField = z.preprocess(
  parseJson,
  z.array(popularSearchSchema, { error: 'Popular searches must be a JSON list' }).max(MAX_POPULAR_SEARCHES, `At most ${MAX_POPULAR_SEARCHES} popular searches`),
);

/** Sent as a comma list '3,7,9' (SPEC.md section 7); an array of ids is accepted too. */
const featuredReviewsField = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number)
      : value,
  z
    .array(z.int('Featured reviews must be review ids').positive('Featured reviews must be review ids'), {
      error: 'Featured reviews must be a comma list of review ids',
    })
    .max(MAX_FEATURED_REVIEWS, `At most ${MAX_FEATURED_REVIEWS} featured reviews`)
    .refine((ids) => new Set(ids).size === ids.length, 'Featured reviews: each may appear once'),
);

const telephone = (label: string) => textField(label, 100);

export const siteOptionsFieldsSchema = z.object({
  contact_content: richTextField('Contact content'),
  telephone_uk_opening: telephone('UK telephone opening hours'),
  telephone_uk_clarifier: telephone('UK telephone clarifier'),
  telephone_uk_number: telephone('UK telephone number'),
  telephone_us_opening: telephone('US telephone opening hours'),
  telephone_us_clarifier: telephone('US telephone clarifier'),
  telephone_us_number: telephone('US telephone number'),
  featured_reviews: featuredReviewsField.default([]),
  popular_searches: popularSearchesField.default([]),
});
export type SiteOptionsFields = z.output<typeof siteOptionsFieldsSchema>;

/** `POST global`: the whole options record, with the version read from `GET global`. */
export const siteOptionsSaveSchema = siteOptionsFieldsSchema.extend({ version: requiredVersionField });

/** `GET global`: lists as arrays (featured_reviews: review ids; popular_searches sorted by order). */
export const siteOptionsSchema = z.object({
  version: z.number(),
  contact_content: z.string(),
  telephone_uk_opening: z.string(),
  telephone_uk_clarifier: z.string(),
  telephone_uk_number: z.string(),
  telephone_us_opening: z.string(),
  telephone_us_clarifier: z.string(),
  telephone_us_number: z.string(),
  featured_reviews: z.array(z.number()),
  popular_searches: z.array(z.object({ name: z.string(), primary: z.boolean(), slug: z.string(), type: z.enum(POPULAR_SEARCH_TYPES), order: z.number() })),
});
export type SiteOptions = z.infer<typeof siteOptionsSchema>;

/** The body `POST global` takes, built from the form: popular searches as JSON, reviews as a comma list. */
export const toSiteOptionsBody = (options: SiteOptionsFields & { version: number }) => ({
  ...options,
  popular_searches: JSON.stringify(options.popular_searches),
  featured_reviews: options.featured_reviews.join(','),
});
