import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../ui/notify.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import { slugify } from '../../domain/reference/slug.js';
import { errorsFromApi, type FieldErrors } from '../../ui/field-errors.js';
import { contentQueries } from './content-queries.js';

/**
 * A form's values as typed, the values it was loaded with, and whether they differ. With
 * `slugFrom`, a new record's slug is made from that field until staff type a slug of their own.
 */
export function useDraft<Draft extends object>(initial: () => Draft, slugFrom?: keyof Draft & string) {
  const [baseline, setBaseline] = useState(initial);
  const [draft, setDraft] = useState(baseline);
  const [slugFollows, setSlugFollows] = useState(() => Boolean(slugFrom) && !(baseline as { slug?: string }).slug);
  const change = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    if (key === 'slug') setSlugFollows(false);
    setDraft((current) => ({ ...current, [key]: value, ...(key === slugFrom && slugFollows ? { slug: slugify(String(value)) } : {}) }));
  };
  /** After a save of a record that stays on screen: what was saved is the new clean state. */
  const rebase = (next: Draft) => {
    setBaseline(next);
    setDraft(next);
  };
  return { draft, setDraft, change, rebase, dirty: JSON.stringify(draft) !== JSON.stringify(baseline) };
}

/**
 * Saves a content form (SPEC.md section 7: 'Saved', then the list route). A record with no list
 * (site options, navigations...) stays on screen and `onSaved` takes the stored result. A failure
 * keeps the form as typed; the query client notifies the message and it also shows beside its
 * field. While `dirty` and not yet saved, leaving asks first.
 */
export function useContentSave<Values, Result>({
  send,
  dirty,
  listPath,
  onSaved,
  message = 'Saved',
}: {
  send: (values: Values) => Promise<Result>;
  dirty: boolean;
  listPath?: string;
  onSaved?: (result: Result) => void;
  message?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setServerErrors({}),
    onSuccess: async (result) => {
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: contentQueries.all });
      onSaved?.(result);
      if (listPath) setLeaving(true);
    },
    onError: (error) => setServerErrors(errorsFromApi(error)),
  });
  useUnsavedChangesPrompt(dirty && !leaving);
  // Leave only after the prompt has seen the form as saved (its effect runs first), so it stays quiet.
  useEffect(() => {
    if (leaving && listPath) void navigate(listPath);
  }, [leaving, listPath, navigate]);
  return { save: mutation.mutate, saving: mutation.isPending, serverErrors };
}
