import { useState } from 'react';
import type { z } from 'zod';
import { errorsFromIssues, type FieldErrors } from '../../ui/field-errors.js';

/**
 * Checks a form's values with the shared zod schema the server also uses (same rules, same
 * words). A field's message shows once staff have left the field or tried to save, and then
 * follows their typing; `attempt` returns the values to send, or null when a rule is broken.
 */
export function useValidation<Schema extends z.ZodType>(schema: Schema, values: unknown, serverErrors: FieldErrors = {}) {
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const result = schema.safeParse(values);
  const errors: FieldErrors = result.success ? {} : errorsFromIssues(result.error.issues);
  const visible = (path: string) => showAll || touched.has(path);
  return {
    errors,
    /** A rule of the list itself ('Max items are limited to 12'), not of one of its rows. */
    ownErrorOf: (path: string): string | undefined =>
      (visible(path) && !result.success && result.error.issues.find((issue) => issue.path.map(String).join('.') === path)?.message) || undefined,
    errorOf: (path: string): string | undefined => (visible(path) && errors[path]) || serverErrors[path] || undefined,
    touch: (path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    attempt: (): z.output<Schema> | null => {
      setShowAll(true);
      return result.success ? result.data : null;
    },
  };
}
