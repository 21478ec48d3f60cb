import { z } from 'zod';
import { nameField, richTextField } from './reference-fields.js';

/** Hotels and restaurants: a name and rich-text content for the customer documentation. */
export const contentPlaceSchema = z.object({ name: nameField(), content: richTextField('Content') });
export type ContentPlace = z.output<typeof contentPlaceSchema> & { id: number; version: number };
