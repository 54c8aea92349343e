import { DocumentTitle } from '../components/ui/document-title';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { paths } from '../config/paths';
import { messages } from '../i18n/messages';

export function Component() {
  return (
    <section className="mx-auto my-16 max-w-xl px-4 text-center">
      <DocumentTitle screen={messages.common.notFoundTitle} />
      <h1 className="text-3xl font-extrabold text-slate-900">{messages.common.notFoundTitle}</h1>
      <p className="mt-3 text-slate-700">{messages.common.notFoundBody}</p>
      <Link to={paths.home.getHref()} className={buttonClass('primary', 'mt-6')}>
        {messages.common.backHome}
      </Link>
    </section>
  );
}
