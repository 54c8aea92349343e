// Sticky top bar: logo, main links, greeting + logout or login/register; a collapsible menu on phones.
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { messages } from '../../i18n/messages';

const t = messages.nav;

const LINKS = [
  { to: paths.home.getHref(), label: t.home, end: true },
  { to: paths.coursesSection.getHref(), label: t.courses, end: false },
  { to: paths.enrolledCourses.getHref(), label: t.myCourses, end: false },
  { to: paths.myLectures.getHref(), label: t.myLectures, end: false },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold transition-colors ${isActive ? 'text-brand-800 bg-brand-50' : 'text-slate-700 hover:text-brand-800'}`;

/** 'Courses' is an anchor into the home page, not a page: a plain link, so on the home page only
 * 'Home' is marked current. */
function NavItem({ link, onClick }: { link: (typeof LINKS)[number]; onClick?: () => void }) {
  if (link.to.includes('#'))
    return (
      <Link to={link.to} className={linkClass({ isActive: false })} onClick={onClick}>
        {link.label}
      </Link>
    );
  return (
    <NavLink to={link.to} end={link.end} className={linkClass} onClick={onClick}>
      {link.label}
    </NavLink>
  );
}

export function TopBar() {
  const { user } = useAuth();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const account = user ? (
    <div className="flex flex-col items-stretch gap-2 md:flex-row md:items-center">
      <span className="px-3 font-semibold text-slate-800">{t.greeting(user.name)}</span>
      <button
        type="button"
        className={buttonClass('secondary', 'min-h-11 py-1.5')}
        onClick={() => void logout()}
      >
        {t.logout}
      </button>
    </div>
  ) : (
    // data-visitor-only: hidden in a prerendered page until the app has run when the browser holds a
    // signed-in user (apps/web/build/boot.js), so a student never sees 'login' flash in the bar.
    <div className="flex flex-col items-stretch gap-2 md:flex-row md:items-center" data-visitor-only="">
      <Link to={paths.login.getHref()} className={buttonClass('ghost', 'min-h-11 py-1.5')} onClick={close}>
        {t.login}
      </Link>
      <Link
        to={paths.register.getHref()}
        className={buttonClass('primary', 'min-h-11 py-1.5')}
        onClick={close}
      >
        {t.register}
      </Link>
    </div>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 text-lg font-extrabold text-brand-800"
        >
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {messages.app.name}
        </Link>
        <nav aria-label={t.mainNavigation} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavItem link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden md:block">{account}</div>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? t.closeMenu : t.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {open ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <nav aria-label={t.mainNavigation}>
            <ul className="flex flex-col gap-1 py-2">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavItem link={link} onClick={close} />
                </li>
              ))}
            </ul>
          </nav>
          {account}
        </div>
      ) : null}
    </header>
  );
}
