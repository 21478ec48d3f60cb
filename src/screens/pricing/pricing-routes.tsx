import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const BikesTab = lazyScreen(() => import('./bikes-tab').then((module) => module.BikesTab));
const DataExportTab = lazyScreen(() => import('./data-export-tab').then((module) => module.DataExportTab));
const PricingTab = lazyScreen(() => import('./pricing-tab').then((module) => module.PricingTab));
const RoutesTab = lazyScreen(() => import('./routes-tab').then((module) => module.RoutesTab));
const SeasonsTab = lazyScreen(() => import('./seasons-tab').then((module) => module.SeasonsTab));

/** The seasonal tour tabs this folder provides, by their path under /tours/{id}. */
export const PRICING_TAB_ROUTES = {
  pricing: <PricingTab />,
  bikes: <BikesTab />,
  routes: <RoutesTab />,
  seasons: <SeasonsTab />,
  'data-export': <DataExportTab />,
} as const satisfies Record<string, RouteObject['element']>;
