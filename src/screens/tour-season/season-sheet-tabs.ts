// The tabs whose prices the season's data export screen exports and imports (issue 21): for each
// tab's SheetLayout, where the tab is, what it is called, and its season as the rows of its sheet
// (with their descriptive cells), read through the tab's own queries and built as the tab builds
// them, so the export is the tab's own and an import's preview is the one the tab would show.

import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { BIKES_LAYOUT, EXTRA_NIGHTS_LAYOUT, PRICING_LAYOUT, SUPPLEMENTS_LAYOUT, type SheetLayout, type SheetSeason } from '../../formulas/price-sheet-layout';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { extrasQueries } from '../../api/extras-queries';
import { pricingQueries } from '../../api/pricing-queries';
import type { DescribedPrice } from './price-sheet-rows';
import { pricingSheetSeason } from './pricing-export-rows';
import { bikesSheetSeason, extraNightsSheetSeason, supplementsSheetSeason } from './tab-sheet-exports';

type Fetch = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => Promise<T>;

export type SeasonSheetTab = {
  layout: SheetLayout;
  /** The tab's path under /tours/{id}. */
  path: string;
  /** The tab's name, as its link says it. */
  label: string;
  /** The word of an exported file's name: '{tour} bikes data.xlsx', as the tab's own export names it. */
  what: string;
  season: (fetch: Fetch, tourId: string, seasonId: string) => Promise<SheetSeason<DescribedPrice>>;
};

export const SEASON_SHEET_TABS: readonly SeasonSheetTab[] = [
  {
    layout: PRICING_LAYOUT,
    path: 'pricing',
    label: 'Pricing',
    what: 'pricing',
    season: async (fetch, tour, season) => {
      const [pricing, routes, boats, roomTypes, accommodation] = await Promise.all([
        fetch(pricingQueries.prices(tour, season)),
        fetch(pricingQueries.routes(tour, season)),
        fetch(pricingQueries.reference('boats')),
        fetch(pricingQueries.reference('room-types')),
        fetch(pricingQueries.reference('accommodation-categories')),
      ]);
      return pricingSheetSeason({ pricing, lookups: { boats, roomTypes, accommodation, routes: routes.routes } });
    },
  },
  {
    layout: BIKES_LAYOUT,
    path: 'bikes',
    label: 'Bikes',
    what: 'bikes',
    season: async (fetch, tour, season) => {
      const [bikes, options] = await Promise.all([fetch(pricingQueries.bikes(tour, season)), fetch(pricingQueries.reference('bikes'))]);
      return bikesSheetSeason(bikes, options);
    },
  },
  {
    layout: SUPPLEMENTS_LAYOUT,
    path: 'party-extras',
    label: 'Supplements',
    what: 'supplements',
    season: async (fetch, tour, season) => {
      const [list, accommodation, bikes] = await Promise.all([
        fetch(extrasQueries.party(tour, season)),
        fetch(pricingQueries.reference('accommodation-categories')),
        fetch(pricingQueries.reference('bikes')),
      ]);
      return supplementsSheetSeason(list, { accommodation, bikes });
    },
  },
  {
    layout: EXTRA_NIGHTS_LAYOUT,
    path: 'room-extras',
    label: 'Extra nights',
    what: 'extra nights',
    season: async (fetch, tour, season) => {
      const [list, roomTypes, accommodation] = await Promise.all([
        fetch(extrasQueries.room(tour, season)),
        fetch(pricingQueries.reference('room-types')),
        fetch(pricingQueries.reference('accommodation-categories')),
      ]);
      return extraNightsSheetSeason(list, { roomTypes, accommodation });
    },
  },
];

/** The tab of a layout (each of TAB_LAYOUTS has one). */
export const seasonSheetTab = (layout: SheetLayout): SeasonSheetTab => SEASON_SHEET_TABS.find((tab) => tab.layout.sheet === layout.sheet) as SeasonSheetTab;

/**
 * The tab's season as the server has it now, fetched afresh into the tab's own queries: the tab,
 * opened on Accept, starts from the rows the preview compared with.
 */
export function loadSheetSeason(queryClient: QueryClient, tab: SeasonSheetTab, tourId: string, seasonId: string): Promise<SheetSeason<DescribedPrice>> {
  const fetch: Fetch = (options) => queryClient.fetchQuery({ ...options, staleTime: 0, ...REPORTS_OWN_ERRORS });
  return tab.season(fetch, tourId, seasonId);
}
