import { z } from 'zod';
import { nameField, optionalIdField, richTextField, seoShape, slugField } from '../reference/reference-fields.js';
import { distinctIdListField, linkedTourSchema, partialFields, requiredVersionField } from './content-fields.js';

export const blogPostFieldsSchema = z.object({
  title: nameField('Title'),
  slug: slugField(),
  content: richTextField('Content'),
  overview: richTextField('Overview'),
  /** Sent as ids (SPEC.md section 7). */
  related_tours: distinctIdListField('Related tours'),
  show_on_homepage: z.boolean({ error: 'Show on homepage must be true or false' }).default(true),
  banner_id: optionalIdField('Banner image'),
  overview_image_id: optionalIdField('Overview image'),
  ...seoShape,
});
export type BlogPostFields = z.output<typeof blogPostFieldsSchema>;

/**
 * `POST blog-posts`. Unknown keys are dropped, so the display-only fields the form removes before
 * sending (meta, related, image, overview_image, banner, destination, region, blocks) do no harm.
 */
export const blogPostCreateSchema = blogPostFieldsSchema;

/** `PUT blog-posts/{id}` (or `PUT blog-posts` with the id in the body): fields sent replace the stored ones. */
export const blogPostUpdateSchema = partialFields(blogPostFieldsSchema).extend({ id: z.int().positive().optional(), version: requiredVersionField });

export const blogPostSchema = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  overview: z.string(),
  related_tours: z.array(z.number()),
  /** The related tours' names, for display; not sent back. */
  related: z.array(linkedTourSchema),
  show_on_homepage: z.boolean(),
  banner_id: z.number().nullable(),
  overview_image_id: z.number().nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A row of `GET blog-posts`. */
export const blogPostListItemSchema = blogPostSchema.pick({
  id: true,
  version: true,
  title: true,
  slug: true,
  show_on_homepage: true,
  createdAt: true,
  updatedAt: true,
});
export type BlogPostListItem = z.infer<typeof blogPostListItemSchema>;

export const newBlogPost = (): BlogPostFields => ({
  title: '',
  slug: '',
  content: '',
  overview: '',
  related_tours: [],
  show_on_homepage: true,
  banner_id: null,
  overview_image_id: null,
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
});
