import { z } from 'zod';
import { nameField, optionalIdField, richTextField, seoShape, slugField, textField } from '../reference/reference-fields.js';
import { INSPIRATION_SLIDE_TYPES, PAGE_SECTIONS, withSlugSuffix, type StoredInspirationSlideType } from './content-constants.js';
import { distinctIdListField, linkedTourSchema, orderField, partialFields, requiredVersionField } from './content-fields.js';

export const PAGE_MAX_SLIDES = 50;
export const PAGE_MAX_BLOCKS = 100;
const STORED_SLIDE_TYPES = INSPIRATION_SLIDE_TYPES.map((type) => withSlugSuffix(type)) as StoredInspirationSlideType[];
const SLIDE_TYPE_MESSAGE = `Slide type must be one of ${INSPIRATION_SLIDE_TYPES.join(', ')}`;

/**
 * One inspiration slide. The slide links to a tour, destination, region or offer by its slug;
 * the type is chosen as 'tours' and saved as 'tours-slug' (SPEC.md section 9), and either form
 * is accepted.
 */
export const inspirationSlideSchema = z.object({
  name: nameField('Slide name'),
  subtitle: textField('Slide subtitle', 500),
  slug: z.string({ error: 'Slide slug is required' }).trim().min(1, 'Slide slug is required').max(200, 'Slide slug must be at most 200 characters'),
  type: z
    .string({ error: SLIDE_TYPE_MESSAGE })
    .transform(withSlugSuffix)
    .pipe(z.enum(STORED_SLIDE_TYPES as [StoredInspirationSlideType, ...StoredInspirationSlideType[]], SLIDE_TYPE_MESSAGE)),
  media_id: optionalIdField('Slide image'),
  order: orderField('Slide order'),
});
export type InspirationSlide = z.output<typeof inspirationSlideSchema>;

export const pageMetaSchema = z
  .object(
    { inspiration: z.array(inspirationSlideSchema, { error: 'Slides must be a list' }).max(PAGE_MAX_SLIDES, `At most ${PAGE_MAX_SLIDES} slides`).default([]) },
    { error: 'Meta must be an object' },
  )
  .default({ inspiration: [] });
export type PageMeta = z.output<typeof pageMetaSchema>;

export const pageBlockSchema = z.object({
  content: richTextField('Block content'),
  media_id: optionalIdField('Block image'),
  order: orderField('Block order'),
});
export const pageBlocksSchema = z.array(pageBlockSchema, { error: 'Blocks must be a list' }).max(PAGE_MAX_BLOCKS, `At most ${PAGE_MAX_BLOCKS} blocks`);

/**
 * `PUT pages/{id}/blocks`: `{version, blocks}`. SPEC.md names a bare array of blocks, but a page has
 * a version and a save without it would overwrite whatever is stored, so the version is required.
 */
export const pageBlocksSaveSchema = z.object(
  { version: requiredVersionField, blocks: pageBlocksSchema },
  { error: 'Send the blocks with the version you loaded: {version, blocks}' },
);

const HEX_COLOUR = /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const pageFieldsSchema = z.object({
  title: nameField('Title'),
  subtitle: textField('Subtitle', 500),
  slug: slugField(),
  /** null for a top-level page (/pages/{slug}); else the section it lives under. */
  section: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(PAGE_SECTIONS, `Section must be none, ${PAGE_SECTIONS.join(' or ')}`).nullable(),
  ),
  content: richTextField('Content'),
  ksp_content: richTextField('Key selling points'),
  ksp_bg_hex: textField('Background colour', 7).refine(
    (value) => value === '' || HEX_COLOUR.test(value),
    'Background colour must be a hex colour such as #1f6f43',
  ),
  ksp_button_title: textField('Button title', 200),
  ksp_button_url: textField('Button URL', 2_000),
  overview: richTextField('Overview'),
  related_tours: distinctIdListField('Related tours'),
  destination_id: optionalIdField('Destination'),
  media_id: optionalIdField('Image'),
  banner_id: optionalIdField('Banner image'),
  overview_image_id: optionalIdField('Overview image'),
  ...seoShape,
  meta: pageMetaSchema,
});
export type PageFields = z.output<typeof pageFieldsSchema>;

/** `POST pages`; `blocks` may come along and are saved in the same transaction. */
export const pageCreateSchema = pageFieldsSchema.extend({ blocks: pageBlocksSchema.optional() });

/** `PUT pages/{id}` (or `PUT pages` with the id in the body): fields sent replace the stored ones. */
export const pageUpdateSchema = partialFields(pageFieldsSchema).extend({
  id: z.int().positive().optional(),
  version: requiredVersionField,
  blocks: pageBlocksSchema.optional(),
});

const storedSlideSchema = z.object({
  name: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  type: z.string(),
  media_id: z.number().nullable(),
  order: z.number(),
});
export const pageBlockRowSchema = z.object({ id: z.number(), content: z.string(), media_id: z.number().nullable(), order: z.number() });
export type PageBlock = z.infer<typeof pageBlockRowSchema>;

export const pageSchema = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  section: z.enum(PAGE_SECTIONS).nullable(),
  content: z.string(),
  ksp_content: z.string(),
  ksp_bg_hex: z.string(),
  ksp_button_title: z.string(),
  ksp_button_url: z.string(),
  overview: z.string(),
  related_tours: z.array(z.number()),
  related: z.array(linkedTourSchema),
  destination_id: z.number().nullable(),
  media_id: z.number().nullable(),
  banner_id: z.number().nullable(),
  overview_image_id: z.number().nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  meta: z.object({ inspiration: z.array(storedSlideSchema) }),
  blocks: z.array(pageBlockRowSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageListItemSchema = pageSchema.pick({ id: true, version: true, title: true, slug: true, section: true, updatedAt: true });
export type PageListItem = z.infer<typeof pageListItemSchema>;

/** The client path of a page's form: /pages/{slug} or /pages/{section}/{slug}. */
export const pageFormPath = (page: { slug: string; section: string | null }) => (page.section ? `/pages/${page.section}/${page.slug}` : `/pages/${page.slug}`);

export const newPage = (section: PageFields['section'] = null): PageFields => ({
  title: '',
  subtitle: '',
  slug: '',
  section,
  content: '',
  ksp_content: '',
  ksp_bg_hex: '',
  ksp_button_title: '',
  ksp_button_url: '',
  overview: '',
  related_tours: [],
  destination_id: null,
  media_id: null,
  banner_id: null,
  overview_image_id: null,
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
  meta: { inspiration: [] },
});
