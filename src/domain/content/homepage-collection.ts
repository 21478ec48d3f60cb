import { z } from 'zod';
import { richTextField, textField } from '../reference/reference-fields.js';
import { HOMEPAGE_COLLECTION_MAX_ITEMS, HOMEPAGE_ITEM_IMAGE_REQUIRED, HOMEPAGE_MAX_ITEMS_MESSAGE } from './content-constants.js';
import { requiredVersionField } from './content-fields.js';

export const homepageItemSchema = z.object({
  media_id: z.number({ error: HOMEPAGE_ITEM_IMAGE_REQUIRED }).int(HOMEPAGE_ITEM_IMAGE_REQUIRED).positive(HOMEPAGE_ITEM_IMAGE_REQUIRED),
  title: textField('Item title', 200),
  url: textField('Item URL', 2_000),
  description: textField('Item description', 2_000),
});
export type HomepageItem = z.output<typeof homepageItemSchema>;

export const homepageCollectionFieldsSchema = z.object({
  title: textField('Title', 200),
  content: richTextField('Content'),
  items: z.array(homepageItemSchema, { error: 'Items must be a list' }).max(HOMEPAGE_COLLECTION_MAX_ITEMS, HOMEPAGE_MAX_ITEMS_MESSAGE).default([]),
});
export type HomepageCollectionFields = z.output<typeof homepageCollectionFieldsSchema>;

/** `POST homepage-collections`: the whole collection, with the version read. */
export const homepageCollectionSaveSchema = homepageCollectionFieldsSchema.extend({ version: requiredVersionField });

/** `GET homepage-collections`: the one collection the homepage shows. */
export const homepageCollectionSchema = z.object({
  version: z.number(),
  title: z.string(),
  content: z.string(),
  items: z.array(z.object({ media_id: z.number(), title: z.string(), url: z.string(), description: z.string() })),
});
export type HomepageCollection = z.infer<typeof homepageCollectionSchema>;
