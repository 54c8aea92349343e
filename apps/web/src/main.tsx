import './lib/zod-csp';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { SessionExpiryRedirect } from './features/auth/components/session-expiry-redirect';
import './index.css';

// The first render as a transition: React then renders in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks a phone's main thread.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <AppProvider>
      <BrowserRouter>
        <SessionExpiryRedirect />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>,
  );
});
