import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { draftFromTour, type TourFormValues } from './tour-form-values.js';

/**
 * How the tour form saves, for useRecordForm: POST for a new tour, PUT with the version read for
 * an edit (or the one a merge brought it to). On success: 'Created' or 'Saved', fresh tour data
 * and the list (SPEC.md section 7). An edit refused as stale is merged with the stored tour (issue
 * 29); any other failure keeps the form as typed, its message notified and beside its fields.
 */
export function tourSave(tour: Tour | null) {
  return {
    send: (values: TourFormValues, _changed: unknown, version: number | undefined) =>
      tour ? api.tours.save({ params: { id: tour.id }, body: { ...values, version: version ?? tour.version } }) : api.tours.create({ body: values }),
    savedMessage: tour ? 'Saved' : 'Created',
    invalidate: tourQueries.all,
    leaveTo: '/tours',
    ...(tour && {
      merge: {
        // Read afresh, not into the tour's query: a new version there starts the form afresh.
        current: async () => {
          const stored = await api.tours.read({ params: { id: tour.id } });
          return { draft: draftFromTour(stored), version: stored.version };
        },
        lastChange: { kind: 'tours' as const, id: tour.id },
      },
    }),
  };
}
