/** One tab of the tour sub-navigation; `path` is relative to /tours/{id} ('' is the overview). */
export type TourTab = { path: string; label: string; seasonal: boolean };

/**
 * The tour sub-navigation of SPEC.md section 2, with Documentation beside the Itinerary. Seasonal
 * tabs show one season's data and keep the `season` query when staff move between them.
 */
export const TOUR_TABS: readonly TourTab[] = [
  { path: '', label: 'Overview', seasonal: false },
  { path: 'details', label: 'Details', seasonal: false },
  { path: 'itineraries', label: 'Itinerary', seasonal: false },
  { path: 'documentation', label: 'Documentation', seasonal: false },
  { path: 'seasons', label: 'Seasons', seasonal: false },
  { path: 'bikes', label: 'Bikes', seasonal: true },
  { path: 'routes', label: 'Routes', seasonal: true },
  { path: 'pricing', label: 'Pricing', seasonal: true },
  { path: 'party-extras', label: 'Supplements', seasonal: true },
  { path: 'room-extras', label: 'Extra nights', seasonal: true },
  { path: 'reductions', label: 'Reductions', seasonal: true },
  { path: 'specifications', label: 'Specifications', seasonal: true },
  { path: 'data-export', label: 'Data Export', seasonal: true },
];

export const SEASON_PARAM = 'season';
