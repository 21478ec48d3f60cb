import { z } from 'zod';
import type { ReferenceResource } from '../../../domain/reference/reference-resources.js';
import { requiredVersionField } from '../../../domain/reference/reference-fields.js';
import { HttpError } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import type { Values } from '../../db/repositories/reference-repository.js';

/**
 * The body of an update: every field optional and without its default, so a call that sends only
 * some fields (`PUT categories/{id} {name, slug, tours}`, SPEC.md section 7) changes only those and
 * keeps the rest. The merged row is then validated whole by the resource's own schema. The version
 * read is required: without it the update would overwrite whatever is stored.
 */
export function updateBodySchema(schema: z.ZodObject) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]),
  );
  return z.object({ ...shape, version: requiredVersionField });
}

/** What the client may read back: the schema's fields, id and version (values are the database's). */
export function rowSchema(schema: z.ZodObject) {
  const shape = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, z.unknown()]));
  return z.object({ id: z.number(), version: z.number(), ...shape });
}

/**
 * Sanitises the rich-text fields, then validates the whole row with the resource's schema: a
 * description that was only a script is empty after cleaning, and so is refused as missing.
 */
export function cleanBody(resource: ReferenceResource, values: Values): Values {
  const cleaned = withCleanRichText(resource.key, values);
  const result = resource.schema.safeParse(cleaned);
  if (!result.success) {
    throw new HttpError(
      400,
      result.error.issues.map((issue) => ({ msg: issue.message, path: issue.path.map(String).join('.') || undefined })),
    );
  }
  return result.data;
}
