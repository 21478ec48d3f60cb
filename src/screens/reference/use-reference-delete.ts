import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import { confirmDelete } from '../../ui/confirm-dialog.js';
import { notifySuccess } from '../../ui/notify.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';
import { refOf } from './use-reference-save.js';

/**
 * Deletes a row after the SPEC.md confirmation. A row still in use is refused by the server with
 * a 409 naming what uses it; the query client shows that message and the list stays as it was.
 */
export function useReferenceDelete(resource: ReferenceResource) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (row: ReferenceRow) => api.reference(resource.key).remove({ params: { ref: refOf(resource, row) } }),
    onSuccess: async ({ id }) => {
      notifySuccess(resource.toastsWithId ? `Deleted ${resource.singular} ${id}` : 'Deleted');
      await queryClient.invalidateQueries({ queryKey: referenceQueries.all });
    },
  });
  return {
    deleting: mutation.isPending ? mutation.variables : undefined,
    remove: async (row: ReferenceRow) => {
      if (await confirmDelete(`The ${resource.singular} "${row.name}"`)) mutation.mutate(row);
    },
  };
}
