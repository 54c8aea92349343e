// Screens loaded on demand: a screen loaded before the first render appears in that render (no
// spinner, which is what lets a phone paint the page as soon as the app has run), one that is not
// shows the fallback until its chunk arrives, and a failed chunk is shown as an error, not retried.
import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page, preloadScreens } from './lazy-screen';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

function renderAt(routes: RouteObject[], url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Routes routes={routes} />
        </Suspense>
      </Boundary>
    </MemoryRouter>,
  );
}

const screenModule = (text: string) => Promise.resolve({ Component: () => <h1>{text}</h1> });

describe('page', () => {
  it('renders a preloaded screen in the first render, without the fallback', async () => {
    const routes = [
      { path: '/', element: page(() => screenModule('home')) },
      { path: '/about', element: page(() => screenModule('about')) },
    ];
    await preloadScreens(routes, '/');
    renderAt(routes, '/');
    expect(screen.getByRole('heading', { name: 'home' })).toBeVisible();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until a screen that was not preloaded arrives', async () => {
    renderAt([{ path: '/about', element: page(() => screenModule('about')) }], '/about');
    expect(screen.getByText('loading')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'about' })).toBeVisible();
  });

  it('shows a failed load to the error boundary, once: no second request on its own', async () => {
    let attempts = 0;
    const element = page(() => {
      attempts += 1;
      return Promise.reject(new Error('chunk lost'));
    });
    const routes = [{ path: '/', element }];
    const first = renderAt(routes, '/');
    expect(await screen.findByText('failed: chunk lost')).toBeVisible();
    first.unmount();
    renderAt(routes, '/');
    expect(await screen.findByText('failed: chunk lost')).toBeVisible();
    expect(attempts).toBe(1);
  });
});

describe('preloadScreens', () => {
  it('loads only the screens the address matches, and never rejects', async () => {
    const loaded: string[] = [];
    const routes = [
      {
        path: '/',
        element: page(() => (loaded.push('home'), screenModule('home'))),
      },
      { path: '/broken', element: page(() => (loaded.push('broken'), Promise.reject(new Error('x')))) },
      { path: '/about', element: page(() => (loaded.push('about'), screenModule('about'))) },
    ];
    await preloadScreens(routes, '/about');
    await expect(preloadScreens(routes, '/broken')).resolves.toBeUndefined();
    expect(loaded).toEqual(['about', 'broken']);
  });
});
