import { queryOptions } from '@tanstack/react-query';
import type { ChangeSet, ChangeSetSummary } from '../domain/pricing/price-history.js';
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
