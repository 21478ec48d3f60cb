import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const PartyExtrasTab = lazyScreen(() => import('./party-extras-tab').then((module) => module.PartyExtrasTab));
const ReductionsTab = lazyScreen(() => import('./reductions-tab').then((module) => module.ReductionsTab));
const RoomExtrasTab = lazyScreen(() => import('./room-extras-tab').then((module) => module.RoomExtrasTab));
const SpecificationsTab = lazyScreen(() => import('./specifications-tab').then((module) => module.SpecificationsTab));

/** The season-dependent tour tabs this folder provides, by their path under /tours/{id}. */
export const TOUR_EXTRAS_TAB_ROUTES = {
  'party-extras': <PartyExtrasTab />,
  'room-extras': <RoomExtrasTab />,
  reductions: <ReductionsTab />,
  specifications: <SpecificationsTab />,
} as const satisfies Record<string, RouteObject['element']>;
