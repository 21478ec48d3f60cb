import { useParams, useSearchParams } from 'react-router-dom';

/** The tour (from the path) and the season (the `season` query the tour's season picker sets). */
export function useTourSeason(): { tourId: string; seasonId: string | null } {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const season = search.get('season');
  return { tourId: id, seasonId: season && /^\d+$/.test(season) ? season : null };
}
