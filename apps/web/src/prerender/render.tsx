// Server-side entry of the web app, built for Node by `vite build --ssr`. Two users:
// - the build's prerendering step (build/prerender.ts) renders the public pages that are the same for
//   every visitor once (renderPage);
// - the API server renders the public catalogue per request (renderServerPage, server-pages.ts),
//   answering the screen's reads from its own API first.
// Either way a phone paints the page before the app's JavaScript has even arrived. Nothing here runs in
// the browser.
import type { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from '../app/app';
import { preloadScreens } from '../app/lazy-screen';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS } from '../lib/storage';
import type { QuerySeed } from './document';
import { matchServerPage } from './server-pages';

export { setServerFetch } from '../lib/api-client';
export { SERVER_PAGES } from './server-pages';
export { fillDocument, SLOTS } from './document';

/** The storage keys the boot script reads, from the app's own list. */
export const bootKeys = { user: STORAGE_KEYS.user, splashSeen: STORAGE_KEYS.splashSeen };

async function render(url: string, client: QueryClient): Promise<string> {
  // Screens loaded first, as in the browser (main.tsx): the page is then rendered in one piece, with
  // no boundary streamed in later by an inline script (which the pages' CSP would refuse).
  await preloadScreens(routes, new URL(url, 'http://prerender').pathname);
  const { prelude } = await prerender(
    <AppProvider client={client}>
      <StaticRouter location={url}>
        <AppContent />
      </StaticRouter>
    </AppProvider>,
    // Never outline a large boundary to be streamed in later: a page is sent whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`prerender: ${url} still needs an inline script`);
  return html;
}

/** Runs `work` with a cache of its own, so that concurrent pages never see each other's reads, then
 * empties it: its queries' 5-minute expiry timers would otherwise keep Node running (the build's step
 * waited five minutes to exit). */
async function withCache<T>(work: (client: QueryClient) => Promise<T>): Promise<T> {
  const client = createQueryClient();
  try {
    return await work(client);
  } finally {
    client.clear();
  }
}

/** The markup of `url` inside #root, once every screen it shows has loaded (no data of its own). */
export const renderPage = (url: string): Promise<string> => withCache((client) => render(url, client));

/** The page at `url` as the server sends it: the name of its document template, the markup inside
 * #root and the answers the markup was rendered from. Null when `url` is not a server-rendered page,
 * or when a read failed: the browser's app then shows its own loading and error states. */
export async function renderServerPage(
  url: string,
): Promise<{ name: string; markup: string; seeds: QuerySeed[] } | null> {
  const match = matchServerPage(url);
  if (!match) return null;
  return withCache(async (client) => {
    try {
      await Promise.all(match.reads.map((read) => client.fetchQuery({ ...read, retry: false })));
    } catch {
      return null;
    }
    const markup = await render(url, client);
    const seeds = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query): QuerySeed => [query.queryKey, query.state.data, query.state.dataUpdatedAt]);
    return { name: match.page.name, markup, seeds };
  });
}
