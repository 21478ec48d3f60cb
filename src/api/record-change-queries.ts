import { queryOptions } from '@tanstack/react-query';
import type { RecordKind } from '../domain/record-kinds.js';
import { api } from './api.js';

/** Who last changed a record; keyed by its version too, so a save (a new version) asks again. */
export const recordChangeQueries = {
  all: ['last-change'] as const,
  last: (kind: RecordKind, id: number, version: number) =>
    queryOptions({
      queryKey: [...recordChangeQueries.all, kind, id, version],
      queryFn: ({ signal }) => api.recordChanges.last({ params: { kind, id } }, signal),
    }),
};
