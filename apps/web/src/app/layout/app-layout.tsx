import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Spec: the page scrolls to the top on every route change (an in-page anchor scrolls to itself). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <TopBar />
      {/* At least a screen tall, so the footer starts below the fold: were it visible while a screen
          loads, its jump down when the content arrives would be the page's layout shift (CLS). */}
      <main id="main" className="min-h-lvh flex-1">
        {/* The site's chrome shows at once; only the screen waits for its chunk on a first load. */}
        <Suspense fallback={<Spinner fullPage />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
