import type { ReferenceResource } from '../../../domain/reference/reference-resources.js';
import { HttpError } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import type { Values } from '../../db/repositories/reference-repository.js';

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
