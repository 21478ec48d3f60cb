import { z } from 'zod';
import { CATEGORY_FILTER_IDS } from './category-filters.js';
import { idListField, nameField, optionalIdField, richTextField, seoShape, slugField, textField } from './reference-fields.js';

export const categorySchema = z.object({
  name: nameField(),
  slug: slugField(),
  short_description: textField('Short description'),
  description: richTextField('Description'),
  tours: idListField('Tours'),
  filter_id: z.enum(CATEGORY_FILTER_IDS, { error: `Filter must be one of ${CATEGORY_FILTER_IDS.join(', ')}` }).default('none'),
  media_id: optionalIdField('Image'),
  gallery_id: optionalIdField('Gallery'),
  ...seoShape,
});
export type Category = z.output<typeof categorySchema> & { id: number; version: number };
