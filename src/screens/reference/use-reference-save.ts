import { api } from '../../api/api.js';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import { referenceRecordKind } from '../../domain/record-kinds.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';
import { pathLabel, type RecordMerge } from '../../ui/merge-stale-save.js';

/** How a row is addressed in calls and routes: regions by slug, everything else by id. */
export const refOf = (resource: ReferenceResource, row: ReferenceRow) => String(resource.addressedBy === 'slug' ? row.slug : row.id);

export const savedMessage = (resource: ReferenceResource, created: boolean, row: ReferenceRow) =>
  resource.toastsWithId ? `${created ? 'Created' : 'Updated'} ${resource.singular} ${row.id}` : 'Saved';

/**
 * How a reference form saves, for useRecordForm: POST for a new row, PUT with the version that
 * was read for an edit (or the one a merge brought it to). On success: the toast, fresh lists,
 * then the list route (SPEC.md section 7). An edit refused as stale is merged with the row as
 * stored now, made into a draft by `draftOf` as the form's own was (issue 29); any other failure
 * keeps the form as typed, its message notified and shown beside its field.
 */
export function referenceSave<Draft>(
  resource: ReferenceResource,
  row: ReferenceRow | null,
  draftOf: (row: ReferenceRow) => Draft,
  /** Names of the draft's own parts that are no field of the resource (a currency's season rates). */
  labelOf: (path: string) => string | undefined = () => undefined,
) {
  const merge: RecordMerge<Draft> | undefined = row
    ? {
        // Read afresh, not into the row's query.
        current: async () => {
          const stored = (await api.reference(resource.key).read({ params: { ref: refOf(resource, row) } })) as ReferenceRow;
          return { draft: draftOf(stored), version: stored.version };
        },
        lastChange: { kind: referenceRecordKind(resource.key), id: row.id },
        labelOf: (path) => resource.fields.find((field) => field.name === path)?.label ?? labelOf(path) ?? pathLabel(path),
      }
    : undefined;
  return {
    send: (values: Record<string, unknown>, _changed: unknown, version: number | undefined) =>
      row
        ? (api.reference(resource.key).save({
            params: { ref: refOf(resource, row) },
            body: { ...values, version: version ?? row.version },
          }) as Promise<ReferenceRow>)
        : (api.reference(resource.key).create({ body: values }) as Promise<ReferenceRow>),
    merge,
    savedMessage: (result: ReferenceRow) => savedMessage(resource, !row, result),
    invalidate: referenceQueries.all,
    leaveTo: `/${resource.key}`,
  };
}
