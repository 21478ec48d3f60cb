import { z } from 'zod';
import { nameField, richTextField } from './reference-fields.js';

export const operatorSchema = z.object({ name: nameField(), contact: richTextField('Contact') });
export type Operator = z.output<typeof operatorSchema> & { id: number; version: number };
