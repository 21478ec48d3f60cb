import type { z } from 'zod';
import type { FieldErrors } from '../../ui/field-errors.js';
import { useRecordForm, type RecordFormOptions } from '../../ui/use-record-form.js';
import { slugify } from '../../domain/reference/slug.js';
import { focusFirstInvalid } from './content-form-parts.js';
import { contentQueries } from '../../api/content-queries.js';

/**
 * A content form on the one form hook: 'Saved', fresh content lists, then the list route (SPEC.md
 * section 7), or, for a record with no list (site options, navigations...), the record stays on
 * screen and `onSaved` may rebase the form on what was stored. With `slugFrom`, a new record's
 * slug is made from that field until staff type a slug of their own. A refused save takes staff
 * to the first broken field; with `merge`, a save refused as stale is merged (issue 29).
 */
export function useContentForm<Draft extends object, Schema extends z.ZodType, Result>({
  slugFrom,
  listPath,
  onRefused,
  ...options
}: Pick<RecordFormOptions<Draft, Schema, Result>, 'initial' | 'schema' | 'valuesOf' | 'send' | 'onSaved' | 'merge'> & {
  slugFrom?: keyof Draft & string;
  /** Where to go after saving; none: the record stays on screen. */
  listPath?: string;
  onRefused?: (errors: FieldErrors) => void;
  /** A notification when the broken field may be out of sight. */
  refusedMessage?: string;
}) {
  return useRecordForm({
    ...options,
    savedMessage: 'Saved',
    invalidate: contentQueries.all,
    leaveTo: listPath,
    slug: slugFrom ? { from: slugFrom, follows: (initial: Draft) => !(initial as { slug?: string }).slug, make: slugify } : undefined,
    onRefused: (errors, form) => {
      onRefused?.(errors);
      if (form) focusFirstInvalid(form);
    },
  });
}
