import type { RouteObject } from 'react-router-dom';
import { BikesTab } from './bikes-tab';
import { DataExportTab } from './data-export-tab';
import { PricingTab } from './pricing-tab';
import { RoutesTab } from './routes-tab';
import { SeasonsTab } from './seasons-tab';

/** The seasonal tour tabs this folder provides, by their path under /tours/{id}. */
export const PRICING_TAB_ROUTES = {
  pricing: <PricingTab />,
  bikes: <BikesTab />,
  routes: <RoutesTab />,
  seasons: <SeasonsTab />,
  'data-export': <DataExportTab />,
} as const satisfies Record<string, RouteObject['element']>;
