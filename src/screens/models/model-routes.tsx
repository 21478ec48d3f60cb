import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../app/ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const BulkPricingScreen = lazyScreen(() => import('../bulk-pricing/bulk-pricing-screen.js').then((module) => module.BulkPricingScreen));
const ModelCreateScreen = lazyScreen(() => import('./model-create-screen.js').then((module) => module.ModelCreateScreen));
const ModelEditScreen = lazyScreen(() => import('./model-edit-screen.js').then((module) => module.ModelEditScreen));
const ModelListScreen = lazyScreen(() => import('./model-list-screen.js').then((module) => module.ModelListScreen));

/** Markup models and the bulk pricing page (SPEC.md section 2). */
export const modelRoutes: RouteObject[] = [
  { path: '/models', element: <ModelListScreen /> },
  { path: '/models/create', element: <ModelCreateScreen /> },
  { path: '/models/:id/:seasonId', element: <ModelEditScreen /> },
];

export const bulkPricingRoute: RouteObject = { path: '/pgt', element: <BulkPricingScreen /> };
