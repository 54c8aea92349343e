// Renders a screen inside a memory router and a fresh QueryClient, the way the app mounts it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { User } from '@app/contract';
import { authStore } from '../src/lib/auth-store';

export const TEST_USER: User = {
  id: 7,
  name: 'سارة أحمد',
  email: 'sara@example.com',
  academicYear: 'Secondary2',
  phoneNumber: '01012345678',
};

/** Any route the screen navigates to: shows where it landed. */
function Landing() {
  const location = useLocation();
  return <p data-testid="landing">{`${location.pathname}${location.search}`}</p>;
}

export type RenderOptions = {
  /** The route path of `element` (default '/'). */
  path?: string;
  /** The URL the router starts at (default `path`); a string, or a path plus navigation state. */
  url?: string | { pathname: string; search?: string; state?: unknown };
  /** Sign this user in before rendering. */
  user?: User | null;
  /** Extra routes (otherwise every other path renders a landing marker). */
  routes?: RouteObject[];
  /** user-event options, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userEvent?: Parameters<typeof userEvent.setup>[0];
};

export function renderRoute(element: ReactNode, options: RenderOptions = {}) {
  const path = options.path ?? '/';
  if (options.user) authStore.signIn(options.user, 'test-access-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path, element }, ...(options.routes ?? []), { path: '*', element: <Landing /> }],
    { initialEntries: [options.url ?? path] },
  );
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}
