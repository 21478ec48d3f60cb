import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const ModelCreateScreen = lazyScreen(() => import('./model-create-screen.js').then((module) => module.ModelCreateScreen));
const ModelEditScreen = lazyScreen(() => import('./model-edit-screen.js').then((module) => module.ModelEditScreen));
const ModelListScreen = lazyScreen(() => import('./model-list-screen.js').then((module) => module.ModelListScreen));

/** Markup models (SPEC.md section 2). */
export const modelRoutes: RouteObject[] = [
  { path: '/models', element: <ModelListScreen /> },
  { path: '/models/create', element: <ModelCreateScreen /> },
  { path: '/models/:id/:seasonId', element: <ModelEditScreen /> },
];
