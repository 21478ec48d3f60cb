import type { RouteObject } from 'react-router-dom';
import { REFERENCE_RESOURCES } from '../../domain/reference/reference-resources.js';
import './reference-screens.css';
import { lazyScreen } from '../../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const CurrencyFormScreen = lazyScreen(() => import('./currency-form-screen.js').then((module) => module.CurrencyFormScreen));
const ReferenceFormScreen = lazyScreen(() => import('./reference-form-screen.js').then((module) => module.ReferenceFormScreen));
const ReferenceListScreen = lazyScreen(() => import('./reference-list-screen.js').then((module) => module.ReferenceListScreen));

/**
 * Reference data: each resource has a list, /create and /{id} (SPEC.md section 2); regions take a
 * slug as id. Keys per resource, so moving from one list to another starts it afresh.
 */
export const referenceRoutes: RouteObject[] = REFERENCE_RESOURCES.flatMap((resource) => {
  const form = resource.key === 'currencies' ? <CurrencyFormScreen key="currencies" /> : <ReferenceFormScreen key={resource.key} resourceKey={resource.key} />;
  return [
    { path: `/${resource.key}`, element: <ReferenceListScreen key={resource.key} resourceKey={resource.key} /> },
    { path: `/${resource.key}/create`, element: form },
    { path: `/${resource.key}/:id`, element: form },
  ];
});
