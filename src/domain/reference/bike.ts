import { z } from 'zod';
import { nameField, wholeNumberField } from './reference-fields.js';

export const bikeSchema = z.object({
  name: nameField(),
  default_order: wholeNumberField('Default order', 0, 9999).default(99),
});
export type Bike = z.output<typeof bikeSchema> & { id: number; version: number };
