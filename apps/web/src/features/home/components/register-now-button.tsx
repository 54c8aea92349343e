import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';

/** Floating 'register now' button, for visitors who are not logged in. */
export function RegisterNowButton() {
  return (
    <Link
      to={paths.register.getHref()}
      className={buttonClass('primary', 'fixed end-4 bottom-4 z-30 px-6 shadow-lg shadow-brand-900/20')}
    >
      {messages.home.registerNow}
    </Link>
  );
}
