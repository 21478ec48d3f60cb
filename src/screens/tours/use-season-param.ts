import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TourSeason } from '../../domain/tours/tour-season-schema.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { SEASON_PARAM } from './tour-tabs.js';

export type SeasonParam = {
  /** The `season` query: a season id (seasons.id), or null when none is picked. */
  seasonId: number | null;
  /** The tour's season for that id; null when none is picked or the tour does not have it. */
  tourSeason: TourSeason | null;
  /** Picks a season (a new history entry, so Back returns to the previous one); null clears it. */
  setSeasonId: (seasonId: number | null) => void;
};

/**
 * The season a seasonal tab shows, read from and written to the `season` query. Put `seasonId`
 * in the query key of the tab's data so the tab refetches when it changes. In a tab,
 * `useSeasonParam(useTour().tour)`.
 */
export function useSeasonParam(tour: Tour): SeasonParam {
  const [params, setParams] = useSearchParams();
  const raw = params.get(SEASON_PARAM);
  const seasonId = raw && /^[1-9][0-9]*$/.test(raw) ? Number(raw) : null;
  const tourSeason = tour.seasons.find((season) => season.season_id === seasonId) ?? null;
  const setSeasonId = useCallback(
    (next: number | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete(SEASON_PARAM);
        else updated.set(SEASON_PARAM, String(next));
        return updated;
      }),
    [setParams],
  );
  return { seasonId, tourSeason, setSeasonId };
}
