// Server-side entry of the build's prerendering step (build/prerender.ts): the HTML of a public page
// as a visitor's browser first renders it, so a phone paints the page before the app's JavaScript
// has even arrived. Nothing here runs in the browser.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from '../app/app';
import { preloadScreens } from '../app/lazy-screen';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { STORAGE_KEYS } from '../lib/storage';

/** The storage keys the boot script reads, from the app's own list. */
export const bootKeys = { user: STORAGE_KEYS.user, splashSeen: STORAGE_KEYS.splashSeen };

/** The markup of `url` inside #root, once every screen it shows has loaded. */
export async function renderPage(url: string): Promise<string> {
  // Screens loaded first, as in the browser (main.tsx): the page is then rendered in one piece, with
  // no boundary streamed in later by an inline script (which the pages' CSP would refuse).
  await preloadScreens(routes, new URL(url, 'http://prerender').pathname);
  const { prelude } = await prerender(
    <AppProvider>
      <StaticRouter location={url}>
        <AppContent />
      </StaticRouter>
    </AppProvider>,
    // Never outline a large boundary to be streamed in later: a static page is sent whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`prerender: ${url} still needs an inline script`);
  return html;
}
