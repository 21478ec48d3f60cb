import { z } from 'zod';
import { nameField, optionalIdField } from './reference-fields.js';

export const seasonSchema = z.object({
  name: nameField(),
  model_id: optionalIdField('Markup model'),
  currency_id: optionalIdField('Currency'),
});
export type Season = z.output<typeof seasonSchema> & { id: number; version: number };
