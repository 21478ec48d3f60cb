import { isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingView } from './status-views.js';

type LazyScreen<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * A screen whose code downloads the first time it is shown, so that the login page and the lists
 * do not wait for what only some screens use (AG Grid, HyperFormula, Tiptap, exceljs).
 * `load` imports the screen's module and picks the component: `() => import('./x.js').then((m) => m.X)`.
 * `preload` fetches the code ahead of showing (the router does it before a navigation commits; see
 * `loadScreensBeforeShowing`); once loaded, the screen renders at once, without suspending.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed download is tried again on the next showing
        throw error;
      },
    ));
  // React.lazy suspends unless the thenable it gets calls back at once: a loaded screen answers
  // synchronously, so a screen the router has preloaded never flashes its loading line.
  const screen = lazy(() => {
    const component = loaded;
    if (component)
      return { then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: component }) } as unknown as Promise<{
        default: ComponentType<Props>;
      }>;
    return preload().then((ready) => ({ default: ready }));
  });
  return Object.assign(screen, { preload });
}

const preloadOf = (element: ReactNode): (() => Promise<unknown>) | undefined => {
  if (!isValidElement(element)) return undefined;
  const type: unknown = element.type;
  return (typeof type === 'object' || typeof type === 'function') && type !== null ? (type as Partial<LazyScreen<object>>).preload : undefined;
};

/**
 * Routes whose lazy screens are loaded by the router before it commits a navigation, so the
 * address and the screen change together: nobody types into the old screen under the new address.
 */
export function loadScreensBeforeShowing(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const preload = preloadOf(route.element);
    const children = route.children ? loadScreensBeforeShowing(route.children) : undefined;
    const withLoad = preload ? { ...route, lazy: async () => (await preload(), {}) } : { ...route };
    return (children ? { ...withLoad, children } : withLoad) as RouteObject;
  });
}

/** Where a lazy screen appears: a loading line while its code arrives. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingView />}>{children}</Suspense>;
}
