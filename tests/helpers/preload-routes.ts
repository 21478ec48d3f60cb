import { isValidElement } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * Loads the code of every lazy screen the routes show (see lazyScreen), so a test renders the
 * screen at once instead of racing its module's first transform.
 */
export async function preloadRoutes(routes: readonly RouteObject[]): Promise<void> {
  const loads = routes.flatMap((route) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const preload = typeof type === 'object' || typeof type === 'function' ? (type as { preload?: () => Promise<unknown> } | null)?.preload : undefined;
    return [preload?.(), route.children ? preloadRoutes(route.children) : undefined];
  });
  await Promise.all(loads);
}
