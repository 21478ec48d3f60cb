// The tabs a price sheet is imported into from the season's data export screen (issue 21): for
// each tab's SheetLayout, where the tab is, what it is called, and its season as the rows an
// import compares a sheet with, read through the tab's own queries and built as the tab builds
// them, so the preview there is the one the tab itself would show.

import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { pricingSheetRows } from '../../formulas/price-sheet-import';
import { BIKES_LAYOUT, EXTRA_NIGHTS_LAYOUT, PRICING_LAYOUT, SUPPLEMENTS_LAYOUT, type SheetLayout, type SheetSeason } from '../../formulas/price-sheet-layout';
import { REPORTS_OWN_ERRORS } from '../../ui/query-client';
import { extrasQueries } from './extras-queries';
import { pricingQueries } from './pricing-queries';
import { bikesSheetSeason, extraNightsSheetSeason, supplementsSheetSeason } from './tab-sheet-exports';

type Fetch = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => Promise<T>;

export type SeasonSheetTab = {
  layout: SheetLayout;
  /** The tab's path under /tours/{id}. */
  path: string;
  /** The tab's name, as its link says it. */
  label: string;
  season: (fetch: Fetch, tourId: string, seasonId: string) => Promise<SheetSeason>;
};

const TABS: readonly SeasonSheetTab[] = [
  {
    layout: PRICING_LAYOUT,
    path: 'pricing',
    label: 'Pricing',
    season: async (fetch, tour, season) => pricingSheetRows(await fetch(pricingQueries.prices(tour, season))),
  },
  {
    layout: BIKES_LAYOUT,
    path: 'bikes',
    label: 'Bikes',
    season: async (fetch, tour, season) => {
      const [bikes, options] = await Promise.all([fetch(pricingQueries.bikes(tour, season)), fetch(pricingQueries.reference('bikes'))]);
      return bikesSheetSeason(bikes, options);
    },
  },
  {
    layout: SUPPLEMENTS_LAYOUT,
    path: 'party-extras',
    label: 'Supplements',
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
export const seasonSheetTab = (layout: SheetLayout): SeasonSheetTab => TABS.find((tab) => tab.layout.sheet === layout.sheet) as SeasonSheetTab;

/**
 * The tab's season as the server has it now, fetched afresh into the tab's own queries: the tab,
 * opened on Accept, starts from the rows the preview compared with.
 */
export function loadSheetSeason(queryClient: QueryClient, tab: SeasonSheetTab, tourId: string, seasonId: string): Promise<SheetSeason> {
  const fetch: Fetch = (options) => queryClient.fetchQuery({ ...options, staleTime: 0, ...REPORTS_OWN_ERRORS });
  return tab.season(fetch, tourId, seasonId);
}
