import './lib/zod-csp';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { paths } from './config/paths';
import { setSessionExpiredHandler } from './lib/api-client';
import './index.css';

// A session that cannot be renewed sends the user to /login, remembering where they were.
setSessionExpiredHandler(() => {
  const from = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== paths.login.path)
    void router.navigate(paths.login.getHref({ from }), { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <AppProvider>
    <RouterProvider router={router} />
  </AppProvider>,
);
