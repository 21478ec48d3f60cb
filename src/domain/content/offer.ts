import { z } from 'zod';
import { nameField, optionalIdField, richTextField, seoShape, slugField } from '../reference/reference-fields.js';
import { OFFER_STATUSES, OFFER_TYPES } from './content-constants.js';
import { distinctIdListField, optionalDateField, partialFields, requiredVersionField } from './content-fields.js';
import { hasMoneyDecimals } from '../money-decimals.js';

/** Tours of an offer travel as entries with a tour_id (SPEC.md section 3); plain ids are accepted too. */
const offerToursField = z
  .array(
    z.union([z.int().positive(), z.object({ tour_id: z.int('Tours must be tour ids').positive('Tours must be tour ids') })], {
      error: 'Tours must be tour ids',
    }),
    { error: 'Tours must be a list' },
  )
  .max(2_000, 'Too many tours')
  .transform((entries) => entries.map((entry) => (typeof entry === 'number' ? entry : entry.tour_id)))
  .refine((ids) => new Set(ids).size === ids.length, 'Tours: each may appear once')
  .transform((ids) => ids.map((tour_id) => ({ tour_id })))
  .default([]);

const discountField = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: 'Discount must be a number' })
    .min(0, 'Discount must not be negative')
    .max(1_000_000, 'Discount is at most 1,000,000')
    .refine(hasMoneyDecimals, 'Discount has at most 2 decimals')
    .nullable(),
);

export const offerFieldsSchema = z.object({
  name: nameField('Name'),
  status: z.enum(OFFER_STATUSES, 'Status is draft or live').default('draft'),
  title: nameField('Title'),
  subtitle: nameField('Subtitle'),
  slug: slugField(),
  type: z.enum(OFFER_TYPES, `Type must be one of ${OFFER_TYPES.join(', ')}`).default('tour'),
  discount: discountField.default(null),
  bike_ids: distinctIdListField('Bikes'),
  tour_ids: offerToursField,
  booking_window_start: optionalDateField('Booking window start').default(null),
  booking_window_end: optionalDateField('Booking window end').default(null),
  start_window_start: optionalDateField('Start window start').default(null),
  start_window_end: optionalDateField('Start window end').default(null),
  content: richTextField('Content'),
  media_id: optionalIdField('Image'),
  ...seoShape,
});
export type OfferFields = z.output<typeof offerFieldsSchema>;

type Windows = Pick<OfferFields, 'booking_window_start' | 'booking_window_end' | 'start_window_start' | 'start_window_end'>;
/** Refuses a window that ends before it starts; the server runs it again on the merged record. */
export function windowProblems(offer: Windows): { msg: string; path: string }[] {
  const problems: { msg: string; path: string }[] = [];
  if (offer.booking_window_start && offer.booking_window_end && offer.booking_window_end < offer.booking_window_start)
    problems.push({ msg: 'Booking window must not end before it starts', path: 'booking_window_end' });
  if (offer.start_window_start && offer.start_window_end && offer.start_window_end < offer.start_window_start)
    problems.push({ msg: 'Start window must not end before it starts', path: 'start_window_end' });
  return problems;
}

const withWindowCheck = <Schema extends z.ZodType<Partial<Windows>>>(schema: Schema) =>
  schema.superRefine((offer, context) => {
    for (const problem of windowProblems({ booking_window_start: null, booking_window_end: null, start_window_start: null, start_window_end: null, ...offer }))
      context.addIssue({ code: 'custom', message: problem.msg, path: [problem.path] });
  });

/** `POST offers/`: name, title, subtitle, slug required; new offers are draft, type tour, discount null. */
export const offerCreateSchema = withWindowCheck(offerFieldsSchema);

/** `PUT offers/{id}`: fields sent replace the stored ones. */
export const offerUpdateSchema = withWindowCheck(partialFields(offerFieldsSchema).extend({ version: requiredVersionField }));

export const offerSchema = z.object({
  id: z.number(),
  version: z.number(),
  name: z.string(),
  status: z.enum(OFFER_STATUSES),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  type: z.enum(OFFER_TYPES),
  discount: z.number().nullable(),
  bike_ids: z.array(z.number()),
  tour_ids: z.array(z.object({ tour_id: z.number(), name: z.string() })),
  booking_window_start: z.string().nullable(),
  booking_window_end: z.string().nullable(),
  start_window_start: z.string().nullable(),
  start_window_end: z.string().nullable(),
  content: z.string(),
  media_id: z.number().nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** A row of `GET offers`. */
export const offerListItemSchema = offerSchema.pick({ id: true, version: true, name: true, title: true, slug: true, status: true, type: true, discount: true });
export type OfferListItem = z.infer<typeof offerListItemSchema>;

/** A new offer form's values (SPEC.md section 4): draft, type tour, discount null. */
export const newOffer = (): OfferFields => ({
  name: '',
  status: 'draft',
  title: '',
  subtitle: '',
  slug: '',
  type: 'tour',
  discount: null,
  bike_ids: [],
  tour_ids: [],
  booking_window_start: null,
  booking_window_end: null,
  start_window_start: null,
  start_window_end: null,
  content: '',
  media_id: null,
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
});
