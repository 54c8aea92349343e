import './lib/zod-csp';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppContent, BOOT_ATTRIBUTES } from './app/app';
import { preloadScreens } from './app/lazy-screen';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { queryClient } from './lib/query-client';
import type { QuerySeed } from './prerender/document';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <AppProvider>
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  </AppProvider>
);

/** Resolves once the whole document is parsed. The boot script of a page rendered before it reached
 * the browser starts this module after the first paint, and a module added by a script runs as soon
 * as it arrives: on a phone with a slow CPU that can be before the parser has reached the end of a
 * long page. Taking over half a page (without the answers at its end) fails, and React then throws
 * the page away and renders it again, the phone's longest task. */
function whenParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

/** A page the server rendered (prerender/render.tsx) carries the API's answers it was rendered from:
 * the cache starts with them, so the first render shows what the page shows, with no request. */
function seedCache(): void {
  const seeds = document.getElementById('query-seeds')?.textContent;
  if (seeds)
    for (const [key, data, updatedAt] of JSON.parse(seeds) as QuerySeed[])
      queryClient.setQueryData(key, data, { updatedAt });
}

/** A page rendered before it reached the browser (build/prerender.ts, or the server per request) is
 * taken over as it is when the browser shows what was rendered: a visitor, no splash due, the same
 * address and no navigation state. Else (a signed-in student, a first visit's splash, `?from=` on
 * /login) the app renders afresh. */
function canHydrate(): boolean {
  const { pathname, search } = window.location;
  const state = window.history.state as { usr?: unknown } | null;
  return (
    container.dataset.prerendered === pathname + search &&
    state?.usr == null &&
    BOOT_ATTRIBUTES.every((name) => !document.documentElement.hasAttribute(name))
  );
}

// The opened page's screen first (its chunk is already on its way beside this one) and the whole
// document, then one render of the whole page: no spinner in between and no Suspense reveal delay.
void Promise.all([preloadScreens(routes, window.location.pathname), whenParsed()]).then(() => {
  seedCache();
  // As a transition: React renders in slices of a few milliseconds, yielding to the browser between
  // them, instead of one long task that blocks a phone's main thread.
  startTransition(() => {
    if (canHydrate()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
