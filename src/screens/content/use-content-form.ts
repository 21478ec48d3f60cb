import type { FormEvent } from 'react';
import type { z } from 'zod';
import { notifyError } from '../../ui/notify.js';
import { focusFirstInvalid } from './content-form-parts.js';
import { useContentSave, useDraft } from './use-content-save.js';
import { useValidation } from './use-validation.js';

type Rebase<Draft> = (next: Draft) => void;

/**
 * Everything a content form does between loading and leaving: the draft as typed (a new
 * record's slug following `slugFrom`), the shared zod schema checking the values before any call,
 * the save with its toast, unsaved-changes prompt and server messages beside their fields, and
 * a submit that sends only valid values and otherwise takes staff to the first broken field.
 */
export function useContentForm<Draft extends object, Schema extends z.ZodType, Result>({
  initial,
  slugFrom,
  schema,
  valuesOf = (draft) => draft,
  send,
  listPath,
  onSaved,
  onRefused,
  refusedMessage,
}: {
  initial: () => Draft;
  slugFrom?: keyof Draft & string;
  schema: Schema;
  /** What the schema checks and the save sends, made from the draft (ids as numbers, rows ordered...). */
  valuesOf?: (draft: Draft) => unknown;
  send: (values: z.output<Schema>) => Promise<Result>;
  /** Where to go after saving; none: the record stays on screen (`onSaved` may rebase the form on it). */
  listPath?: string;
  onSaved?: (result: Result, rebase: Rebase<Draft>) => void;
  onRefused?: (errors: Record<string, string>) => void;
  /** A notification when the broken field may be out of sight. */
  refusedMessage?: string;
}) {
  const form = useDraft<Draft>(initial, slugFrom);
  const { save, saving, serverErrors } = useContentSave({ send, dirty: form.dirty, listPath, onSaved: onSaved && ((result: Result) => onSaved(result, form.rebase)) });
  const validation = useValidation(schema, valuesOf(form.draft), serverErrors);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = validation.attempt();
    if (values !== null) return save(values);
    if (refusedMessage) notifyError(refusedMessage);
    onRefused?.(validation.errors);
    focusFirstInvalid(event.currentTarget);
  };
  return { ...form, ...validation, saving, submit };
}
