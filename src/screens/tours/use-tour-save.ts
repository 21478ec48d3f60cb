import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import type { TourFormValues } from './tour-form-values.js';

/**
 * How the tour form saves, for useRecordForm: POST for a new tour, PUT with the version read for
 * an edit. On success: 'Created' or 'Saved', fresh tour data and the list (SPEC.md section 7). A
 * failure keeps the form as typed; the query client notifies the message, and field messages go
 * beside their fields.
 */
export function tourSave(tour: Tour | null) {
  return {
    send: (values: TourFormValues) =>
      tour ? api.tours.save({ params: { id: tour.id }, body: { ...values, version: tour.version } }) : api.tours.create({ body: values }),
    savedMessage: tour ? 'Saved' : 'Created',
    invalidate: tourQueries.all,
    leaveTo: '/tours',
  };
}
