// Spec: the courses section is loaded lazily. The anchor (#courses-section) is always in the page so
// links to it work; its content is fetched when the section comes near the viewport. If the chunk
// cannot be fetched (a phone losing signal), the section offers a retry instead of failing the page.
import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { messages } from '../../../i18n/messages';
import { useBrowserValue } from '../../../lib/use-hydrated';

const t = messages.home.courses;

type SectionProps = { onRetry: () => void };

function LoadFailed({ onRetry }: SectionProps) {
  return (
    <div className="mx-auto mt-8 flex max-w-md flex-col items-center gap-3">
      <Alert tone="error">{t.loadFailed}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {messages.common.retry}
      </Button>
    </div>
  );
}

const loadSection = () =>
  lazy<ComponentType<SectionProps>>(() => import('./courses-section').catch(() => ({ default: LoadFailed })));

/** True once the element is within `margin` of the viewport (at once where there is no observer).
 * A prerendered page assumes an observer, so it and the browser's first render agree. */
function useNearViewport(margin = '300px') {
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);
  const observable = useBrowserValue(() => typeof IntersectionObserver !== 'undefined', true);
  const near = seen || !observable;
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

export function LazyCoursesSection() {
  const headingId = useId();
  const { ref, near } = useNearViewport();
  const [Section, setSection] = useState(loadSection);
  const fallback = (
    <div className="grid min-h-48 place-items-center">
      <Spinner label={t.loading} />
    </div>
  );
  return (
    <section
      id="courses-section"
      ref={ref}
      aria-labelledby={headingId}
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14"
    >
      <h2 id={headingId} className="text-center text-2xl font-extrabold text-slate-900 md:text-3xl">
        {t.title}
      </h2>
      <p className="mt-2 text-center text-slate-700">{t.subtitle}</p>
      {near ? (
        <Suspense fallback={fallback}>
          <Section onRetry={() => setSection(loadSection)} />
        </Suspense>
      ) : (
        fallback
      )}
    </section>
  );
}
