import { api } from '../../api/api.js';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';

/** How a row is addressed in calls and routes: regions by slug, everything else by id. */
export const refOf = (resource: ReferenceResource, row: ReferenceRow) => String(resource.addressedBy === 'slug' ? row.slug : row.id);

export const savedMessage = (resource: ReferenceResource, created: boolean, row: ReferenceRow) =>
  resource.toastsWithId ? `${created ? 'Created' : 'Updated'} ${resource.singular} ${row.id}` : 'Saved';

/**
 * How a reference form saves, for useRecordForm: POST for a new row, PUT with the version that
 * was read for an edit. On success: the toast, fresh lists, then the list route (SPEC.md
 * section 7). A failure keeps the form as typed; its message is notified by the query client and
 * shown beside its field.
 */
export function referenceSave(resource: ReferenceResource, row: ReferenceRow | null) {
  return {
    send: (values: Record<string, unknown>) =>
      row
        ? (api.reference(resource.key).save({ params: { ref: refOf(resource, row) }, body: { ...values, version: row.version } }) as Promise<ReferenceRow>)
        : (api.reference(resource.key).create({ body: values }) as Promise<ReferenceRow>),
    savedMessage: (result: ReferenceRow) => savedMessage(resource, !row, result),
    invalidate: referenceQueries.all,
    leaveTo: `/${resource.key}`,
  };
}
