import type { RouteObject } from 'react-router-dom';
import { BulkPricingScreen } from '../bulk-pricing/bulk-pricing-screen.js';
import { ModelCreateScreen } from './model-create-screen.js';
import { ModelEditScreen } from './model-edit-screen.js';
import { ModelListScreen } from './model-list-screen.js';

/** Markup models and the bulk pricing page (SPEC.md section 2). */
export const modelRoutes: RouteObject[] = [
  { path: '/models', element: <ModelListScreen /> },
  { path: '/models/create', element: <ModelCreateScreen /> },
  { path: '/models/:id/:seasonId', element: <ModelEditScreen /> },
];

export const bulkPricingRoute: RouteObject = { path: '/pgt', element: <BulkPricingScreen /> };
