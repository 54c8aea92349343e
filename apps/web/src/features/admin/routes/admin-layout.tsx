// The admin area's own chrome: the school's name, the admin's sections, a way back to the student
// site and logout. Its screens render in <main>.
import { Link, NavLink, Outlet } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { adminBookMessages } from '../../../i18n/admin-books';
import { useLogout } from '../../auth/hooks/use-logout';
import { useAdminContext } from '../hooks/use-admin-context';

const t = adminMessages.layout;

const SECTIONS = [
  { to: paths.adminCourses.getHref(), label: t.courses },
  { to: paths.adminBooks.getHref(), label: adminBookMessages.title },
  { to: paths.adminCodes.getHref(), label: t.codes },
  { to: paths.adminStudents.getHref(), label: t.students },
  { to: paths.adminQuizResults.getHref(), label: t.quizResults },
  { to: paths.adminSite.getHref(), label: t.site },
  { to: paths.adminAudit.getHref(), label: t.audit },
];

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-semibold whitespace-nowrap transition-colors ${
    isActive ? 'bg-white text-brand-900' : 'text-white hover:bg-brand-700'
  }`;

export function Component() {
  const me = useAdminContext();
  const logout = useLogout();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-3">
          <p className="min-w-0">
            <span className="block text-lg font-extrabold break-words">{me.tenantName}</span>
            <span className="block text-sm text-brand-100">
              {t.title} · {t.signedInAs(me.name)}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.home.getHref()} className={buttonClass('secondary', 'min-h-10 py-1.5')}>
              {t.backToSite}
            </Link>
            <button
              type="button"
              className="inline-flex min-h-10 items-center rounded-xl px-4 py-1.5 font-semibold text-white ring-1 ring-white/70 hover:bg-brand-700"
              onClick={() => void logout()}
            >
              {t.logout}
            </button>
          </div>
        </div>
        <nav aria-label={t.nav} className="mx-auto max-w-6xl px-4 py-2">
          <ul className="flex flex-wrap gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className={sectionClass}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}
