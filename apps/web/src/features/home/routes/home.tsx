// Home: a once-per-session splash, then hero, features, the lazily loaded courses section, the
// unit-code box and the school's books (when it sells any); a floating 'register now' button for
// visitors. Kept light: no form libraries here. The books come last: they arrive after the page and
// would otherwise push the unit-code box down after '/#unit-code' has scrolled it into view.
import { messages } from '../../../i18n/messages';
import { DocumentTitle } from '../../../components/ui/document-title';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth/hooks/use-auth';
import { UnitCodeBox } from '../../unit-codes/components/unit-code-box';
import { BooksSection } from '../components/books-section';
import { FeaturesSection } from '../components/features-section';
import { Hero } from '../components/hero';
import { LazyCoursesSection } from '../components/lazy-courses-section';
import { RegisterNowButton } from '../components/register-now-button';
import { Splash } from '../components/splash';
import { useSplash } from '../hooks/use-splash';

export function Component() {
  const { hash } = useLocation();
  const { isAuthenticated } = useAuth();
  const splash = useSplash(hash);
  if (splash.visible) return <Splash progress={splash.progress} done={splash.done} />;
  return (
    <>
      <DocumentTitle screen={messages.nav.home} />
      <Hero isAuthenticated={isAuthenticated} />
      <FeaturesSection />
      <LazyCoursesSection />
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <UnitCodeBox isAuthenticated={isAuthenticated} />
      </div>
      <BooksSection />
      {isAuthenticated ? null : <RegisterNowButton />}
    </>
  );
}
