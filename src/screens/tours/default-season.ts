import type { TourSeason } from '../../domain/tours/tour-season-schema.js';

/**
 * The season a seasonal tab opens on when the URL names none: the live one (the latest, when
 * several are live), else the latest; null only for a tour without seasons. The tour's seasons
 * come oldest first (the API orders them by name, the season's year).
 */
export function defaultSeason(seasons: readonly TourSeason[]): number | null {
  const chosen = seasons.findLast((season) => season.live) ?? seasons.at(-1);
  return chosen?.season_id ?? null;
}
