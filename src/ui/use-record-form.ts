import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { get, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { REPORTS_OWN_ERRORS } from '../api/query-meta.js';
import { errorsFromApi, errorsFromIssues, type FieldErrors } from './field-errors.js';
import { ApiError } from '../api/api-error.js';
import { isStaleVersion } from '../api/api-error.js';
import { MergeCancelled, mergeWithStored, type RecordMerge } from './merge-stale-save.js';
import { notifyError, notifySuccess } from './notify.js';
import { leaveOnPurpose, useUnsavedChangesPrompt } from './unsaved-changes.js';

/** What the form layer keeps in react-hook-form: the draft under one key, so a list can be a draft too. */
type Held<Draft> = { draft: Draft };

export type RecordFormOptions<Draft, Schema extends z.ZodType, Result> = {
  /** The draft the form starts from (the record as loaded, or a new one). */
  initial: () => Draft;
  /** The shared zod schema of what is sent: same rules and words as the server. */
  schema: Schema;
  /** What the schema checks and the save sends, made from the draft (numbers typed as text...). */
  valuesOf?: (draft: Draft) => unknown;
  /**
   * `changed` tells whether a part of the draft differs from what was loaded (a part with a call of
   * its own); `version` is the stored version a merge brought the save to (undefined before any:
   * the version the form was loaded at).
   */
  send: (values: z.output<Schema>, changed: (path: string) => boolean, version: number | undefined) => Promise<Result>;
  /**
   * Issue 29: a save refused as stale (409 on version) is merged with the record as stored now
   * and sent again at its version, instead of failing with "reload"; fields both sides changed
   * are the clerk's to decide in a dialog. Without it, the 409 fails the save as any failure.
   */
  merge?: RecordMerge<Draft>;
  /** The toast after a good save; none when the caller says it. */
  savedMessage?: string | ((result: Result) => string);
  /** Queries refreshed after a save (the record has a new version). */
  invalidate?: QueryKey;
  /** Where to go after a save; none: the record stays on screen (`onSaved` may rebase on it). */
  leaveTo?: string | ((result: Result) => string);
  onSaved?: (result: Result, rebase: (next: Draft) => void) => void;
  /** Without `leaveTo`: what was sent becomes the clean state at once (the record is refetched). */
  cleanOnSave?: boolean;
  /** A new record's slug made from another field until staff type a slug of their own. */
  slug?: { from: string; to?: string; follows: boolean | ((initial: Draft) => boolean); make: (text: string) => string };
  /** Kept in sessionStorage if the session ends while dirty (per record and version). */
  draftKey?: string;
  /** A notification when the save is refused here (the broken field may be out of sight). */
  refusedMessage?: string | ((errors: FieldErrors) => string | undefined);
  onRefused?: (errors: FieldErrors, form: HTMLFormElement | null) => void;
  /**
   * The notification when the save fails. Without it, the app's query client shows the server's
   * message; with it, this instead (a text, or made from the failure); `false`: none at all.
   */
  failedMessage?: false | string | ((error: unknown) => unknown);
  /** After a failed save, with the draft as typed: what the form puts back or clears (SPEC.md's failures). */
  onFailed?: (error: unknown, setDraft: (update: (current: Draft) => Draft) => void, current: Draft) => void;
  /**
   * The server's messages to show beside fields, by path. By default each where its path says; a
   * list whose rows move (staged removals put back) places them by row itself and gives none here.
   */
  serverErrorsOf?: (error: unknown) => FieldErrors;
  /**
   * Whether the draft holds unsaved changes. By default: it differs, by value, from what was loaded
   * (or last rebased on); a form whose stored record moves under it (a markup model refetched
   * while typed in) says it against the record as stored now.
   */
  isChanged?: (draft: Draft) => boolean;
  /**
   * False for a form that is an action rather than a record (log in, a note, a copy): leaving it
   * drops what was typed without asking. True by default (UX.md: leaving a dirty form asks first).
   */
  asksBeforeLeaving?: boolean;
};

/** Merges of one save before its 409 is reported (someone saving again and again meanwhile). */
const MAX_MERGES = 3;
const MERGED_NEEDS_CORRECTING = 'Their changes were merged with yours, but a field needs correcting: see the fields marked in red.';

/** react-hook-form marks dirty parts of an object or list leaf by leaf (false where unchanged). */
const anyMarked = (marks: unknown): boolean => marks === true || (typeof marks === 'object' && marks !== null && Object.values(marks).some(anyMarked));

/**
 * The one form hook (DESIGN.md sections 3 and 6): react-hook-form holds the draft, its touched
 * fields and the dirty check against what was loaded; the zod resolver checks the values made
 * from the draft, before any call. A field's message shows once staff have left it or tried to
 * save, then follows their typing; the server's 400 messages show beside the fields they name.
 * While dirty and not saved, leaving asks first (and the draft is kept if the session ends);
 * after a save: the toast, fresh queries, then `leaveTo` or a rebase on the saved record.
 */
export function useRecordForm<Draft, Schema extends z.ZodType, Result>(options: RecordFormOptions<Draft, Schema, Result>) {
  const { schema, valuesOf } = options;
  // One check for both: the resolver gates the submit; the same schema, parsed on every render, gives
  // the messages shown while staff type (a resolver answers with a promise, too late for a render).
  const checked = useMemo(
    () =>
      z
        .custom<Held<Draft>>()
        .transform((held) => (valuesOf ? valuesOf(held.draft) : held.draft))
        .pipe(schema as z.ZodType<z.output<Schema>, unknown>),
    [schema, valuesOf],
  );
  const resolver = useMemo(() => zodResolver(checked) as unknown as Resolver<FieldValues>, [checked]);
  const [defaults] = useState<Held<Draft>>(() => ({ draft: options.initial() }));
  // Paths are written by the forms ('rates.0.rate'); react-hook-form's path types cannot follow a generic draft.
  const form = useForm<FieldValues>({ defaultValues: defaults, resolver, shouldFocusError: false });
  const draft = useWatch({ control: form.control, name: 'draft' }) as Draft;
  const { isDirty, touchedFields } = form.formState;
  const [attempted, setAttempted] = useState(false);
  const [slugFollows, setSlugFollows] = useState(() => {
    const follows = options.slug?.follows ?? false;
    return typeof follows === 'function' ? follows(defaults.draft) : follows;
  });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const outcome = checked.safeParse({ draft });
  const issues = outcome.success ? [] : outcome.error.issues;
  const errors = errorsFromIssues(issues);
  const visible = (path: string) => attempted || get(touchedFields, `draft.${path}`) === true;

  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // What the draft counts from (as loaded, or last rebased on): a merge's base. Kept here, as
  // react-hook-form's default values read from an async step are those of the last render.
  const baseline = useRef(defaults.draft);
  // Stable, so a form may rebase from an effect when what it was loaded from changes.
  const rebase = useCallback(
    (next: Draft) => {
      baseline.current = next;
      form.reset({ draft: next }, { keepTouched: true });
    },
    [form],
  );
  // Stable, as rebase is: an effect may carry the draft over to a newer stored record.
  const setDraft = useCallback(
    (next: Draft | ((current: Draft) => Draft)) =>
      form.setValue('draft', typeof next === 'function' ? (next as (current: Draft) => Draft)(form.getValues('draft') as Draft) : next, {
        shouldDirty: true,
      }),
    [form],
  );
  const { failedMessage, merge } = options;
  // The stored version the last merge brought the form to: later saves are sent at it.
  const mergedVersion = useRef<number | undefined>(undefined);
  const sendAt = (values: z.output<Schema>) =>
    options.send(values, (path) => anyMarked(get(form.formState.dirtyFields, `draft.${path}`)), mergedVersion.current);
  const mutation = useMutation({
    mutationFn: async (values: z.output<Schema>) => {
      if (!merge) return sendAt(values);
      // The server stays the judge: each retry is at the version just read, so of two merges
      // racing one gets 409 again and merges again, on top of the other's save.
      for (let merges = 0; ; merges += 1) {
        try {
          return await sendAt(values);
        } catch (error) {
          if (!isStaleVersion(error) || merges === MAX_MERGES) throw error;
          // After a first merge the version sent is known: read again at it, nothing newer is stored.
          const merged = await mergeWithStored(form, baseline, merge, mergedVersion.current);
          if (merged === null) throw error;
          mergedVersion.current = merged.version;
          const outcome = checked.safeParse(form.getValues());
          // Their values may break a rule with the clerk's (rare): the form shows where, nothing is sent.
          if (!outcome.success) throw new Error(MERGED_NEEDS_CORRECTING);
          values = outcome.data;
        }
      }
    },
    // A form with words of its own for a failure, or one that merges (a cancelled merge is no
    // failure to report), keeps the app's notification out of it.
    ...(failedMessage === undefined && !merge ? {} : REPORTS_OWN_ERRORS),
    onMutate: () => setServerErrors({}),
    onSuccess: async (result) => {
      // Saved: the record has a version past the merged one, which the form reads from its record again.
      mergedVersion.current = undefined;
      // The try went through: a form that starts afresh (emptied, rebased) shows no message until tried again.
      setAttempted(false);
      const message = typeof options.savedMessage === 'function' ? options.savedMessage(result) : options.savedMessage;
      if (message) notifySuccess(message);
      // Leave first: a refetch brings a new version, which may start the form afresh (remount it)
      // before leaving. The guard is told this leave is on purpose: the form's dirty part goes with it.
      if (options.leaveTo) {
        leaveOnPurpose(true);
        void navigate(typeof options.leaveTo === 'function' ? options.leaveTo(result) : options.leaveTo);
      } else if (options.cleanOnSave) rebase(form.getValues('draft') as Draft);
      if (options.invalidate) await queryClient.invalidateQueries({ queryKey: options.invalidate });
      options.onSaved?.(result, rebase);
    },
    onError: (error) => {
      setServerErrors((options.serverErrorsOf ?? errorsFromApi)(error));
      if (error instanceof MergeCancelled) return;
      const message = typeof failedMessage === 'function' ? failedMessage(error) : failedMessage;
      if (message !== undefined && message !== false) notifyError(message);
      // The app's own notification, which a merging form keeps out (see REPORTS_OWN_ERRORS above).
      else if (merge && message === undefined && !(error instanceof ApiError && error.status === 401)) notifyError(error);
      options.onFailed?.(error, setDraft, form.getValues('draft') as Draft);
    },
  });
  const dirty = options.isChanged ? options.isChanged(draft) : isDirty;
  const asks = options.asksBeforeLeaving ?? true;
  useUnsavedChangesPrompt(asks && dirty, options.draftKey === undefined ? undefined : { key: options.draftKey, value: draft });

  const change = <Key extends keyof Draft & string>(key: Key, value: Draft[Key]) => {
    const slug = options.slug;
    const slugField = slug?.to ?? 'slug';
    if (slug && key === slugField) setSlugFollows(false);
    form.setValue(`draft.${key as string}`, value, { shouldDirty: true });
    if (slug && slugFollows && key === slug.from) form.setValue(`draft.${slugField}`, slug.make(String(value)), { shouldDirty: true });
  };

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const element = event?.currentTarget ?? null;
    setAttempted(true);
    // A new try: the last one's failure is no longer what the form says.
    if (mutation.isError) mutation.reset();
    void form.handleSubmit(
      (values) => mutation.mutate(values as unknown as z.output<Schema>),
      () => {
        const broken = errorsFromIssues(checked.safeParse(form.getValues()).error?.issues ?? []);
        const message = typeof options.refusedMessage === 'function' ? options.refusedMessage(broken) : options.refusedMessage;
        if (message) notifyError(message);
        options.onRefused?.(broken, element);
      },
    )();
  };

  return {
    draft,
    setDraft,
    change,
    /** Marks a field as left by staff: its message shows from now on. */
    touch: (path: string) => form.setValue(`draft.${path}`, form.getValues(`draft.${path}`), { shouldTouch: true }),
    errors,
    errorOf: (path: string): string | undefined => (visible(path) && errors[path]) || serverErrors[path] || undefined,
    /** A rule of the list itself ('Max items are limited to 12'), not of one of its rows. */
    ownErrorOf: (path: string): string | undefined =>
      (visible(path) && issues.find((issue) => issue.path.map(String).join('.') === path)?.message) || undefined,
    serverErrors,
    dirty,
    rebase,
    /** Offers back a draft kept when the session ended: it fills the form over what was loaded. */
    restore: (kept: Partial<Draft>) => setDraft({ ...defaults.draft, ...kept }),
    submit,
    saving: mutation.isPending,
    /** The last save's failure (null once another save is tried), for forms that show it in their own words. */
    failure: mutation.error,
  };
}
