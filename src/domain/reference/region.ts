import { z } from 'zod';
import { nameField, optionalIdField, richTextField, seoShape, slugField, textField } from './reference-fields.js';

export const regionShape = {
  name: nameField(),
  slug: slugField(),
  short_description: textField('Short description'),
  description: richTextField('Description'),
  media_id: optionalIdField('Image'),
  gallery_id: optionalIdField('Gallery'),
  ...seoShape,
};

export const regionSchema = z.object(regionShape);
export type Region = z.output<typeof regionSchema> & { id: number; version: number };
