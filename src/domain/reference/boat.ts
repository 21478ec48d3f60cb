import { z } from 'zod';
import type { SelectOption } from './form-fields.js';
import { nameField, optionalIdField, requiredRichTextField } from './reference-fields.js';

/** SPEC.md section 9: none, 1 Low, 2 Medium, 3 High. */
export const BOAT_PRIORITIES: readonly SelectOption[] = [
  { value: null, label: 'None' },
  { value: 1, label: 'Low' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'High' },
];

export const boatSchema = z.object({
  name: nameField(),
  priority: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Priority must be none, 1 Low, 2 Medium or 3 High' })
    .nullable()
    .default(null),
  description: requiredRichTextField('Description'),
  gallery_id: optionalIdField('Gallery'),
});
export type Boat = z.output<typeof boatSchema> & { id: number; version: number };
