import type { RouteObject } from 'react-router-dom';
import { PartyExtrasTab } from './party-extras-tab';
import { ReductionsTab } from './reductions-tab';
import { RoomExtrasTab } from './room-extras-tab';
import { SpecificationsTab } from './specifications-tab';

/** The season-dependent tour tabs this folder provides, by their path under /tours/{id}. */
export const TOUR_EXTRAS_TAB_ROUTES = {
  'party-extras': <PartyExtrasTab />,
  'room-extras': <RoomExtrasTab />,
  reductions: <ReductionsTab />,
  specifications: <SpecificationsTab />,
} as const satisfies Record<string, RouteObject['element']>;
