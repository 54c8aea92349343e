import { Suspense, useEffect, useRef } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { MAIN_ID } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { Footer } from './footer';
import { OverloadBanner } from './overload-banner';
import { TopBar } from './top-bar';

/** Spec: the page scrolls to the top on every route change (an in-page anchor scrolls to itself). A
 * new query followed as a link is one too (the course list's next page starts at its top); a query
 * rewritten in place (replace: a filter typed on My lectures) keeps the student where they are. */
function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  const type = useNavigationType();
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    const before = shown.current;
    shown.current = { pathname, hash };
    const queryOnly = before.pathname === pathname && before.hash === hash;
    if (queryOnly && type === NavigationType.Replace) return;
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, search, hash, type]);
  return null;
}

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <TopBar />
      <OverloadBanner />
      {/* At least a screen tall, so the footer starts below the fold: were it visible while a screen
          loads, its jump down when the content arrives would be the page's layout shift (CLS). */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-lvh flex-1 focus:outline-none">
        {/* The site's chrome shows at once; only the screen waits for its chunk on a first load. */}
        <Suspense fallback={<Spinner fullPage />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
