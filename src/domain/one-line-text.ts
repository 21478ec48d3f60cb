import type { z } from 'zod';

// Issue 30 item 8: text that lies about itself. A right-to-left override (U+202E) and the other
// Unicode direction controls make "Lake Como‮ 0051" read as another name or price than it holds;
// a one-line field (a name, title, code, slug) never needs them, so it refuses them, as a trusted
// admin does. Long text (descriptions, rich text) keeps them: mixed-direction prose may use them.

/** U+200E/200F (marks), U+202A-202E (embeddings, overrides), U+2066-2069 (isolates), U+061C (Arabic mark). */
export const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const directionControlMessage = (label: string) => `${label} cannot hold direction controls (such as U+202E, right-to-left override)`;

/** The same string schema, refusing direction controls with a message naming the field. */
export const oneLine = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.refine((text) => !DIRECTION_CONTROLS.test(text), directionControlMessage(label));
