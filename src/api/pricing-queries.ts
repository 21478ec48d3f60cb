import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { tourQueries } from './tour-queries';

// The tour layout prefetches a tab's season data while it loads the tour; answers this fresh are
// used as they are when the tab mounts a moment later, not fetched again.
const JUST_FETCHED_MS = 5_000;

export type NamedOption = { id: number; name: string };
export type MarkupModelSummary = { id: number; name: string; season_id: number };

/** Query keys and fetchers of the seasonal pricing tabs (DESIGN.md section 6: keys from factories). */
export const pricingQueries = {
  all: ['pricing'] as const,
  /** The same query as the tour layout's, so the tab shares its answer. */
  tour: (tourId: string) => tourQueries.detail(tourId),
  season: (tourId: string, seasonId: string) =>
    queryOptions({
      queryKey: [...pricingQueries.all, 'season', tourId, seasonId],
      queryFn: ({ signal }) => api.tourSeasons.read({ params: { tourId, seasonId } }, signal),
    }),
  prices: (tourId: string, seasonId: string) =>
    queryOptions({
      queryKey: [...pricingQueries.all, 'prices', tourId, seasonId],
      queryFn: ({ signal }) => api.tourPricing.read({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  bikes: (tourId: string, seasonId: string) =>
    queryOptions({
      queryKey: [...pricingQueries.all, 'bikes', tourId, seasonId],
      queryFn: ({ signal }) => api.tourBikes.read({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  routes: (tourId: string, seasonId: string) =>
    queryOptions({
      queryKey: [...pricingQueries.all, 'routes', tourId, seasonId],
      queryFn: ({ signal }) => api.tourRoutes.read({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  /** Reference lists (room types, boats...): plain arrays of named rows. */
  reference: (resource: 'room-types' | 'accommodation-categories' | 'decks' | 'boats' | 'bikes' | 'seasons' | 'currencies') =>
    queryOptions({
      queryKey: ['reference', resource, 'list'],
      queryFn: async ({ signal }) => (await api.reference(resource).list({ query: {} }, signal)) as unknown as NamedOption[],
      staleTime: 60_000,
    }),
  /** Every markup model; each belongs to one season (SPEC.md section 7: GET models). */
  models: () =>
    queryOptions({ queryKey: ['models', 'list'], queryFn: ({ signal }): Promise<MarkupModelSummary[]> => api.models.list({}, signal), staleTime: 60_000 }),
};
