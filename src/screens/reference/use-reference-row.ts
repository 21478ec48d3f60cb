import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error.js';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';

export type LoadedRow = { status: 'creating' } | { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; row: ReferenceRow };

/**
 * The row an edit screen shows: by its own call where SPEC.md lists one, otherwise picked by id
 * from the list (bikes, boats, decks, room types, accommodation categories; SPEC.md section 7).
 */
export function useReferenceRow(resource: ReferenceResource, ref: string | undefined): LoadedRow {
  const byDetail = resource.hasDetail && ref !== undefined;
  const detail = useQuery({ ...referenceQueries.detail(resource.key, ref ?? ''), enabled: byDetail, retry: false });
  const list = useQuery({ ...referenceQueries.list(resource.key), enabled: !byDetail && ref !== undefined });
  if (ref === undefined) return { status: 'creating' };
  const query = byDetail ? detail : list;
  if (query.isPending) return { status: 'loading' };
  const row = byDetail ? detail.data : list.data?.find((entry) => String(entry.id) === ref);
  if (row) return { status: 'ready', row };
  if (query.error instanceof ApiError && query.error.status === 404) return { status: 'missing' };
  return query.isError ? { status: 'error' } : { status: 'missing' };
}
