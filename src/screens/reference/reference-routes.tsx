import type { RouteObject } from 'react-router-dom';
import { REFERENCE_RESOURCES } from '../../domain/reference/reference-resources.js';
import { CurrencyFormScreen } from './currency-form-screen.js';
import { ReferenceFormScreen } from './reference-form-screen.js';
import { ReferenceListScreen } from './reference-list-screen.js';
import './reference-screens.css';

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
