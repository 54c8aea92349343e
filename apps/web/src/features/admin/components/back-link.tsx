import { Link } from 'react-router';

/** 'Back to …' above a screen's title. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">→</span>
      {children}
    </Link>
  );
}
