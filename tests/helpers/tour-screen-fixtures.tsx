import type { RouteObject } from 'react-router-dom';
import type { TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import type { TourListItem } from '../../src/domain/tours/tour-list-schema.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import type { TourSeason } from '../../src/domain/tours/tour-season-schema.js';
import type { RoomExtraVariation } from '../../src/domain/tours/tour-extras-schemas.js';
import { PlannedScreen } from '../../src/app/layout/planned-screen.js';
import { TourCreateScreen } from '../../src/screens/tours/tour-create-screen.js';
import { TourDetailsScreen } from '../../src/screens/tours/tour-details-screen.js';
import { TourDocumentationScreen } from '../../src/screens/tours/tour-documentation-screen.js';
import { TourItineraryScreen } from '../../src/screens/tours/tour-itinerary-screen.js';
import { TourLayout } from '../../src/screens/tours/tour-layout.js';
import { TourListScreen } from '../../src/screens/tours/tour-list-screen.js';
import { TourOverviewScreen } from '../../src/screens/tours/tour-overview-screen.js';

/** The tour screens as the app routes them, with one seasonal tab standing in for the rest. */
export const tourScreenRoutes: RouteObject[] = [
  { path: '/tours', element: <TourListScreen /> },
  { path: '/tours/create', element: <TourCreateScreen /> },
  {
    path: '/tours/:id',
    element: <TourLayout />,
    children: [
      { index: true, element: <TourOverviewScreen /> },
      { path: 'details', element: <TourDetailsScreen /> },
      { path: 'itineraries', element: <TourItineraryScreen /> },
      { path: 'documentation', element: <TourDocumentationScreen /> },
      { path: 'pricing', element: <PlannedScreen title="Pricing" /> },
    ],
  },
];

export const tourSeason = (fields: Partial<TourSeason> = {}): TourSeason => ({
  id: 31,
  season_id: 3,
  name: '2026',
  deposit: 150,
  markup_model_id: 7,
  currency_id: 1,
  live: true,
  version: 1,
  model: { id: 7, name: 'Standard 2026', rates: [] },
  currency: { id: 1, name: 'Euro', rate: 1.085, symbol: '€' },
  ...fields,
});

/** Season 3 (2026) of tour 12 as the seasonal tabs read it: one 20% rate, euros at 1.085. */
export const seasonContext = (fields: Partial<TourSeasonPricingContext> = {}): TourSeasonPricingContext => ({
  id: 31,
  tour_id: 12,
  season_id: 3,
  season_name: '2026',
  version: 5,
  deposit: 150,
  live: true,
  markup_model_id: 7,
  currency_id: 1,
  model: { id: 7, name: 'Standard 2026', rates: [{ id: 70, commission: 20, markup: 1.32, supplement_markup: 1.15 }] },
  currency: { id: 1, name: 'Euro', symbol: '€', rate: 1.085 },
  ...fields,
});

/** A tour as `GET tours/{id}` answers, with every field at its empty value unless given. */
export const tourFixture = (fields: Partial<Tour> = {}): Tour => ({
  id: 12,
  version: 4,
  order: 0,
  name: 'Danube Cycle Path',
  slug: 'danube-cycle-path',
  tour_code: 'DCP',
  name_short: '',
  name_operator: '',
  operator_id: null,
  excerpt: '',
  media_id: null,
  hero_id: null,
  gallery_id: null,
  accommodation_gallery_id: null,
  content: '',
  highlights: '',
  status: 'live',
  deleted: false,
  length: '8 days',
  balance_due: 56,
  months: [],
  nights: [7],
  arrival_days: [],
  difficulty: ['Easy'],
  bike_and_boat: false,
  guidance: 0,
  solo_cyclists_allowed: false,
  boat_accommodation: '',
  start_point: '',
  finish_point: '',
  seo_title: '',
  seo_description: 'Cycle from Passau to Vienna',
  seo_keywords: '',
  destinations: [],
  regions: [],
  hotels: [],
  restaurants: [],
  related_tours: [],
  related_themes: [],
  seasons: [tourSeason()],
  allSeasons: [],
  public_url: 'https://www.example.com/tours/danube-cycle-path/',
  ...fields,
});

export const tourListItem = (fields: Partial<TourListItem> & Pick<TourListItem, 'id' | 'name'>): TourListItem => ({
  slug: fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  tour_code: '',
  status: 'draft',
  order: 0,
  version: 1,
  seasons: [],
  public_url: null,
  ...fields,
});

/** The link lists the tour form reads; empty, as on a new install. */
export const emptyLinkLists = {
  'GET operators': { body: [] },
  'GET destinations': { body: [] },
  'GET regions': { body: [] },
  'GET hotels': { body: [] },
  'GET restaurants': { body: [] },
  'GET categories': { body: [] },
};

/** A stored extra-night variation (room 1, category 2, 1 May to 30 September 2025, gross 80 at rate 80), with `fields` over it. */
export const roomExtraNight = (id: number, fields: Partial<RoomExtraVariation> = {}): RoomExtraVariation => ({
  id,
  tour_room_extra_id: 21,
  start: '2025-05-01',
  end: '2025-09-30',
  room_type_id: 1,
  accommodation_category_id: 2,
  specific_dates: [],
  restricted_dates: [],
  restricted_days: [],
  formula: null,
  gross: 80,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 80,
  net: 64,
  cost: 70,
  ...fields,
});
