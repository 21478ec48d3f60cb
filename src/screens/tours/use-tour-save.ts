import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { ApiError } from '../../api/api-error.js';
import { tourQueries } from '../../api/tour-queries.js';
import { notifySuccess } from '../../ui/notify.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import type { FieldErrors, TourDraft, TourFormValues } from './tour-form-values.js';

/**
 * Saves the tour form: POST for a new tour, PUT with the version read for an edit. On success:
 * 'Created' or 'Saved' and fresh tour data; `saved` tells the form to go to the list (SPEC.md
 * section 7). A failure keeps the form as typed; the query client notifies the message, and
 * field messages go beside their fields.
 */
export function useTourSave(tour: Tour | null) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: TourFormValues) => (tour ? api.tours.save({ params: { id: tour.id }, body: { ...values, version: tour.version } }) : api.tours.create({ body: values })),
    onMutate: () => setServerErrors({}),
    onSuccess: () => {
      notifySuccess(tour ? 'Saved' : 'Created');
      // Saved first: the refetch brings a new version, which would start the form afresh before leaving.
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: tourQueries.all });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const errors: FieldErrors = {};
      for (const item of error.items) if (item.path) errors[item.path.split('.')[0] as keyof TourDraft] ??= item.msg;
      setServerErrors(errors);
    },
  });
  return { save: mutation.mutate, saving: mutation.isPending, saved, serverErrors };
}
