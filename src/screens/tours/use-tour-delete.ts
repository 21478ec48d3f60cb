import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import { notifySuccess } from '../../ui/notify.js';
import { confirmDelete } from '../../ui/confirm-dialog.js';
import type { TourListItem } from '../../domain/tours/tour-list-schema.js';

type Deletable = Pick<TourListItem, 'id' | 'name' | 'version'>;

/**
 * Deleting a tour is an update (SPEC.md section 4): deleted true and status draft, with the
 * version read, after the delete confirmation. The tour then leaves the list.
 */
export function useTourDelete(onDeleted?: (tour: Deletable) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (tour: Deletable) => api.tours.save({ params: { id: tour.id }, body: { version: tour.version, deleted: true, status: 'draft' } }),
    onSuccess: async (_saved, tour) => {
      queryClient.setQueryData(tourQueries.list().queryKey, (rows) => rows?.filter((row) => row.id !== tour.id));
      notifySuccess('Deleted');
      onDeleted?.(tour);
      await queryClient.invalidateQueries({ queryKey: tourQueries.all });
    },
  });
  const remove = async (tour: Deletable) => {
    if (await confirmDelete(`The tour "${tour.name}"`)) mutation.mutate(tour);
  };
  return { remove, deleting: mutation.isPending ? mutation.variables?.id : undefined };
}
