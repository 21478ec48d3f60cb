import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

// The tour layout prefetches a tab's season data while it loads the tour; answers this fresh are
// used as they are when the tab mounts, as the pricing tabs do.
const JUST_FETCHED_MS = 5_000;

const season = (kind: string, tourId: string | number, seasonId: string | number) => ['season-data', kind, String(tourId), String(seasonId)] as const;

/** Query keys and fetchers of the supplements, extra nights, reductions and specifications tabs. */
export const extrasQueries = {
  party: (tourId: string | number, seasonId: string | number) =>
    queryOptions({
      queryKey: season('party', tourId, seasonId),
      queryFn: ({ signal }) => api.partyExtras.list({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  room: (tourId: string | number, seasonId: string | number) =>
    queryOptions({
      queryKey: season('room', tourId, seasonId),
      queryFn: ({ signal }) => api.roomExtras.list({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  reductions: (tourId: string | number, seasonId: string | number) =>
    queryOptions({
      queryKey: season('reductions', tourId, seasonId),
      queryFn: ({ signal }) => api.reductions.list({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
  specifications: (tourId: string | number, seasonId: string | number) =>
    queryOptions({
      queryKey: season('specifications', tourId, seasonId),
      queryFn: ({ signal }) => api.specifications.list({ params: { tourId, seasonId } }, signal),
      staleTime: JUST_FETCHED_MS,
    }),
};
