// The whole app below its router: the same tree in the browser (main.tsx, under BrowserRouter) and
// when a public page is prerendered at build time (prerender/render.tsx, under StaticRouter), as
// hydration requires.
import { useLayoutEffect } from 'react';
import { SessionExpiryRedirect } from '../features/auth/components/session-expiry-redirect';
import { AppRoutes } from './router';

/** Attributes the prerendered page's boot script (build/boot.js) put on <html> to hide parts of the
 * static page until the app has rendered; cleared once it has. */
export const BOOT_ATTRIBUTES = ['data-splash', 'data-signed-in'] as const;

function BootHandoff() {
  useLayoutEffect(() => {
    for (const name of BOOT_ATTRIBUTES) document.documentElement.removeAttribute(name);
  }, []);
  return null;
}

/** Everything under the router; the caller supplies AppProvider and the router. */
export function AppContent() {
  return (
    <>
      <BootHandoff />
      <SessionExpiryRedirect />
      <AppRoutes />
    </>
  );
}
