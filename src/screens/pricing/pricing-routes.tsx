import type { RouteObject } from 'react-router-dom';
import { PricingTab } from './pricing-tab';

/** The seasonal tour tabs this folder provides, by their path under /tours/{id}. */
export const PRICING_TAB_ROUTES = {
  pricing: <PricingTab />,
} as const satisfies Record<string, RouteObject['element']>;
