import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingView } from './status-views.js';

/**
 * A screen whose code downloads the first time it is shown, so that the login page and the lists
 * do not wait for what only some screens use (AG Grid, HyperFormula, Tiptap, exceljs).
 * `load` imports the screen's module and picks the component: `() => import('./x.js').then((m) => m.X)`.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> & { preload: () => Promise<unknown> } {
  // `preload` fetches the code ahead of the first showing (tests wait on it before rendering).
  return Object.assign(lazy(async () => ({ default: await load() })), { preload: load });
}

/** Where a lazy screen appears: a loading line while its code arrives. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingView />}>{children}</Suspense>;
}
