// The route table in declarative mode: the right screen for a path, the login redirect for protected
// screens, and the spec's error screen when a screen throws, cleared by moving to another path.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch';
import { messages } from '../i18n/messages';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './router';

function renderApp(url: string) {
  stubFetch(() => envelope(200, null, []));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <WhereAmI />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

describe('AppRoutes', () => {
  it('shows the not-found screen inside the site layout for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: messages.common.notFoundTitle })).toBeVisible();
    expect(screen.getByRole('navigation', { name: messages.nav.mainNavigation })).toBeVisible();
  });

  it('sends a visitor from a protected screen to /login with the original path as from', async () => {
    renderApp('/my-lectures?page=2');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/login?from=${encodeURIComponent('/my-lectures?page=2')}`,
      ),
    );
  });
});

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

describe('RouteErrorBoundary', () => {
  it('shows the error screen with the error text, and the screen again once the path changes', () => {
    // React logs the caught error; keep the test output readable.
    const quiet = console.error;
    console.error = () => undefined;
    try {
      const view = render(
        <RouteErrorBoundary resetKey="/a">
          <Boom message="chunk failed to load" />
        </RouteErrorBoundary>,
      );
      expect(screen.getByRole('heading', { name: messages.errorFallback.title })).toBeVisible();
      expect(screen.getByText('chunk failed to load')).toBeVisible();
      expect(screen.getByRole('button', { name: messages.errorFallback.reload })).toBeVisible();

      view.rerender(
        <RouteErrorBoundary resetKey="/b">
          <p>the next screen</p>
        </RouteErrorBoundary>,
      );
      expect(screen.getByText('the next screen')).toBeVisible();
      expect(screen.queryByRole('heading', { name: messages.errorFallback.title })).toBeNull();
    } finally {
      console.error = quiet;
    }
  });
});
