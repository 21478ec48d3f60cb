import { z } from 'zod';
import { idListField, richTextField, textField, wholeNumberField } from './reference-fields.js';
import { regionShape } from './region.js';

export const destinationSchema = z.object({
  ...regionShape,
  currency: textField('Currency', 200),
  tipping: richTextField('Tipping'),
  order: wholeNumberField('Order', 0, 9999).default(0),
  regions: idListField('Regions'),
});
export type Destination = z.output<typeof destinationSchema> & { id: number; version: number };
