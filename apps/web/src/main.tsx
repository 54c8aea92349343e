import './lib/zod-csp';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { SessionExpiryRedirect } from './features/auth/components/session-expiry-redirect';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <AppProvider>
    <BrowserRouter>
      <SessionExpiryRedirect />
      <AppRoutes />
    </BrowserRouter>
  </AppProvider>,
);
