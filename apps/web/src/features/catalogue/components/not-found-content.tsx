import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';

/** The site's 'page not found' content, for a route whose parameters name nothing. */
export function NotFoundContent({
  title = messages.common.notFoundTitle,
  body = messages.common.notFoundBody,
}: {
  title?: string;
  body?: string;
}) {
  return (
    <section className="mx-auto my-16 max-w-xl px-4 text-center">
      <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{body}</p>
      <Link to={paths.home.getHref()} className={buttonClass('primary', 'mt-6')}>
        {messages.common.backHome}
      </Link>
    </section>
  );
}
