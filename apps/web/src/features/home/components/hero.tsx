import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';

const t = messages.home.hero;

export function Hero({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 text-center md:py-20">
        <p className="inline-block rounded-full bg-brand-100 px-4 py-1 text-sm font-bold text-brand-900">
          {t.badge}
        </p>
        <h1 className="mt-5 text-3xl leading-tight font-extrabold text-slate-900 md:text-5xl">{t.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-700">{t.subtitle}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.coursesSection.getHref()} className={buttonClass('primary', 'text-lg')}>
            {t.browseCourses}
          </Link>
          {isAuthenticated ? (
            <Link to={paths.enrolledCourses.getHref()} className={buttonClass('secondary', 'text-lg')}>
              {t.myCourses}
            </Link>
          ) : (
            <Link
              to={paths.register.getHref()}
              className={buttonClass('secondary', 'text-lg')}
              data-visitor-only=""
            >
              {t.register}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
