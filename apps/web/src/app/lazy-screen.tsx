// A screen whose code is its own chunk, loaded when first rendered, and which can also be loaded
// before the first render (main.tsx does so for the page the browser opened).
//
// Why not plain React.lazy: a lazy component suspends on its first render even when its chunk is
// already in the browser, so the first render showed the full-page spinner and React then held the
// screen back for its Suspense reveal throttle (300 ms). Here a screen whose module has arrived
// renders at once, so a phone paints the page itself as the first thing after the app's JS has run.
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { chunkLoaded, reloadOnceForChunk } from './chunk-errors';

type RouteModule = { Component: ComponentType };

type LazyScreen = ComponentType & { load: () => Promise<unknown> };

/** The element of a route whose screen is loaded with `load` when first needed. */
export function page(load: () => Promise<RouteModule>): ReactElement {
  let Loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  // A failed chunk is not retried from here (that could loop on a phone without signal): the page is
  // reloaded once, for a release that replaced it (chunk-errors.ts), else the error screen shows.
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        chunkLoaded();
        return (Loaded = module.Component);
      },
      (error: unknown) => {
        // While the page reloads, nothing else is shown: the promise never settles.
        if (reloadOnceForChunk(error)) return new Promise<never>(() => undefined);
        throw error;
      },
    ));
  // Until the chunk has arrived: suspends, and throws a failed load to the route's error boundary.
  const Pending = lazy(() => loadOnce().then((Component) => ({ default: Component })));
  const Screen: LazyScreen = Object.assign(() => createElement(Loaded ?? Pending), { load: loadOnce });
  return createElement(Screen);
}

function isLazyScreen(type: unknown): type is LazyScreen {
  return typeof type === 'function' && typeof (type as Partial<LazyScreen>).load === 'function';
}

/** Loads the screens (layouts included) that `routes` match at `pathname`. Never rejects: a screen
 * that fails to load shows its error when rendered. */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type = (route.element as ReactElement | undefined)?.type;
      return isLazyScreen(type) ? type.load().catch(() => undefined) : Promise.resolve();
    }),
  );
}
