import { z } from 'zod';
import { nameField } from './reference-fields.js';

/** Decks and accommodation categories: a name and nothing else. */
export const namedRowSchema = z.object({ name: nameField() });
export type NamedRow = z.output<typeof namedRowSchema> & { id: number; version: number };
