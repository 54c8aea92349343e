import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';

/** Floating 'register now' button, for visitors who are not logged in. It sits last on the home
 * page and sticks to the bottom of the screen while the page scrolls, but stops where the page
 * ends, so it never covers the footer's contact links on a phone. */
export function RegisterNowButton() {
  return (
    <div className="pointer-events-none sticky bottom-4 z-30 flex justify-end px-4 pb-4" data-visitor-only="">
      <Link
        to={paths.register.getHref()}
        className={buttonClass('primary', 'pointer-events-auto px-6 shadow-lg shadow-brand-900/20')}
      >
        {messages.home.registerNow}
      </Link>
    </div>
  );
}
