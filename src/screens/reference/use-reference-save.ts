import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api.js';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import { notifySuccess } from '../../ui/notify.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';
import { errorsFromApi, type FieldErrors } from './reference-form-values.js';

/** How a row is addressed in calls and routes: regions by slug, everything else by id. */
export const refOf = (resource: ReferenceResource, row: ReferenceRow) => String(resource.addressedBy === 'slug' ? row.slug : row.id);

export const savedMessage = (resource: ReferenceResource, created: boolean, row: ReferenceRow) =>
  resource.toastsWithId ? `${created ? 'Created' : 'Updated'} ${resource.singular} ${row.id}` : 'Saved';

/**
 * Saves a reference form: POST for a new row, PUT with the version that was read for an edit.
 * On success: the toast, fresh lists, then the list route (SPEC.md section 7). A failure keeps
 * the form as typed; its message is notified by the query client and shown beside its field.
 * While `dirty` and not yet saved, leaving the form asks first.
 */
export function useReferenceSave(resource: ReferenceResource, row: ReferenceRow | null, dirty: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const mutation = useMutation({
    mutationFn: async (values: Record<string, unknown>) =>
      (row
        ? await api.reference(resource.key).save({ params: { ref: refOf(resource, row) }, body: { ...values, version: row.version } })
        : await api.reference(resource.key).create({ body: values })) as ReferenceRow,
    onMutate: () => setServerErrors({}),
    onSuccess: async (result) => {
      notifySuccess(savedMessage(resource, !row, result));
      await queryClient.invalidateQueries({ queryKey: referenceQueries.all });
      setSaved(true);
    },
    onError: (error) => setServerErrors(errorsFromApi(error)),
  });
  useUnsavedChangesPrompt(dirty && !saved);
  // Leave only after the prompt has seen the form as saved (its effect runs first), so it stays quiet.
  useEffect(() => {
    if (saved) void navigate(`/${resource.key}`);
  }, [saved, navigate, resource.key]);
  return { save: mutation.mutate, saving: mutation.isPending, serverErrors };
}
