import { queryOptions } from '@tanstack/react-query';
import type { PriceRowKind } from '../domain/pricing/price-history.js';
import { api } from './api.js';

/** The price history of one tour season (issue 22): its change sets, one set's changes, one row's changes. */
export const priceHistoryQueries = {
  all: ['price-history'] as const,
  /** With `kind`, only the change sets of one tab's rows. */
  season: (tourId: string, seasonId: string, kind?: PriceRowKind) =>
    queryOptions({
      queryKey: [...priceHistoryQueries.all, tourId, seasonId, 'sets', kind ?? 'all'],
      queryFn: ({ signal }) => api.priceHistory.season({ params: { tourId, seasonId }, query: { page: 1, kind } }, signal),
    }),
  changeSet: (tourId: string, seasonId: string, changeSetId: number) =>
    queryOptions({
      queryKey: [...priceHistoryQueries.all, tourId, seasonId, 'set', changeSetId],
      queryFn: ({ signal }) => api.priceHistory.changeSet({ params: { tourId, seasonId, changeSetId } }, signal),
      staleTime: Infinity,
    }),
  row: (tourId: string, seasonId: string, kind: PriceRowKind, rowId: number) =>
    queryOptions({
      queryKey: [...priceHistoryQueries.all, tourId, seasonId, 'row', kind, rowId],
      queryFn: ({ signal }) => api.priceHistory.row({ params: { tourId, seasonId, kind, rowId } }, signal),
    }),
};
