import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/lazy-screen.js';

const BulkPricingScreen = lazyScreen(() => import('./bulk-pricing-screen.js').then((module) => module.BulkPricingScreen));

/** The bulk pricing page (SPEC.md section 2: /pgt), which uses the models' editor. */
export const bulkPricingRoute: RouteObject = { path: '/pgt', element: <BulkPricingScreen /> };
