import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import type { PartyExtrasList, RoomExtrasList } from '../../domain/tours/tour-extras-schemas';
import type { ReductionsList } from '../../domain/tours/tour-reductions-schemas';
import type { SpecificationsList } from '../../domain/tours/tour-specifications-schemas';

/** Paths of the season data calls (SPEC.md section 7); `seasonId` is the season's id. */
export const extrasPaths = {
  party: (tourId: string | number, seasonId: string | number) => `tour-extras/${tourId}/${seasonId}/party`,
  room: (tourId: string | number, seasonId: string | number) => `tour-extras/${tourId}/${seasonId}/room`,
  reductions: (tourId: string | number, seasonId: string | number) => `tour-reductions/${tourId}/${seasonId}`,
  specifications: (tourId: string | number, seasonId: string | number) => `tour-specifications/${tourId}/${seasonId}`,
};

// The tour layout prefetches a tab's season data while it loads the tour; answers this fresh are
// used as they are when the tab mounts, as the pricing tabs do.
const JUST_FETCHED_MS = 5_000;

const season = (kind: string, tourId: string | number, seasonId: string | number) => ['season-data', kind, String(tourId), String(seasonId)] as const;

/** Query keys and fetchers of the supplements, extra nights, reductions and specifications tabs. */
export const extrasQueries = {
  party: (tourId: string | number, seasonId: string | number) =>
    queryOptions({ queryKey: season('party', tourId, seasonId), queryFn: ({ signal }) => api.get<PartyExtrasList>(extrasPaths.party(tourId, seasonId), signal), staleTime: JUST_FETCHED_MS }),
  room: (tourId: string | number, seasonId: string | number) =>
    queryOptions({ queryKey: season('room', tourId, seasonId), queryFn: ({ signal }) => api.get<RoomExtrasList>(extrasPaths.room(tourId, seasonId), signal), staleTime: JUST_FETCHED_MS }),
  reductions: (tourId: string | number, seasonId: string | number) =>
    queryOptions({ queryKey: season('reductions', tourId, seasonId), queryFn: ({ signal }) => api.get<ReductionsList>(extrasPaths.reductions(tourId, seasonId), signal), staleTime: JUST_FETCHED_MS }),
  specifications: (tourId: string | number, seasonId: string | number) =>
    queryOptions({
      queryKey: season('specifications', tourId, seasonId),
      queryFn: ({ signal }) => api.get<SpecificationsList>(extrasPaths.specifications(tourId, seasonId), signal),
      staleTime: JUST_FETCHED_MS,
    }),
};
