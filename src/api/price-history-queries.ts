import { queryOptions } from '@tanstack/react-query';
import type { ChangeSet, ChangeSetSummary, PriceRowKind, PriceSnapshot } from '../domain/pricing/price-history.js';
import { api } from './api-client.js';

/** The price history of one tour season (issue 22): its change sets and one set's changes. */
export const priceHistoryQueries = {
  all: ['price-history'] as const,
  season: (tourId: string, seasonId: string) =>
    queryOptions({ queryKey: [...priceHistoryQueries.all, tourId, seasonId], queryFn: ({ signal }) => api.get<ChangeSetSummary[]>(`price-history/${tourId}/${seasonId}`, signal) }),
  changeSet: (tourId: string, seasonId: string, changeSetId: number) =>
    queryOptions({
      queryKey: [...priceHistoryQueries.all, tourId, seasonId, 'set', changeSetId],
      queryFn: ({ signal }) => api.get<ChangeSet>(`price-history/${tourId}/${seasonId}/sets/${changeSetId}`, signal),
      staleTime: Infinity,
    }),
};

/** One row's changes, newest first (a cell's history). */
export type RowHistoryEntry = { change_set_id: number; created_at: string; author: string | null; source: string; before: PriceSnapshot | null; after: PriceSnapshot | null };

export const rowHistoryQuery = (tourId: string, seasonId: string, kind: PriceRowKind, rowId: number) =>
  queryOptions({
    queryKey: [...priceHistoryQueries.all, tourId, seasonId, 'row', kind, rowId],
    queryFn: ({ signal }) => api.get<RowHistoryEntry[]>(`price-history/${tourId}/${seasonId}/rows/${kind}/${rowId}`, signal),
  });
