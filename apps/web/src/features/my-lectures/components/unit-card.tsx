// A lecture the student unlocked: active or not (in words, not colour alone), grade, term, unit name,
// course name and a link into the unit viewer.
import type { MyUnit } from '@app/contract';
import { splitCourseName } from '@app/domain';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { GradeBadge, TermBadge } from '../../../components/ui/course-badges';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';

const t = catalogueMessages.myLectures;

export function UnitCard({ unit }: { unit: MyUnit }) {
  const courseName = splitCourseName(unit.courseName).displayName;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={unit.active ? 'success' : 'neutral'}>
          <span
            className={`size-2 rounded-full ${unit.active ? 'bg-green-700' : 'bg-slate-500'}`}
            aria-hidden="true"
          />
          {unit.active ? t.active : t.inactive}
        </Badge>
        <GradeBadge grade={unit.grade} />
        <TermBadge term={unit.term} />
      </div>
      <h2 className="text-lg leading-snug font-bold text-slate-900">{unit.unitName}</h2>
      {unit.unitTitle && unit.unitTitle !== unit.unitName ? (
        <p className="-mt-2 text-slate-700">{unit.unitTitle}</p>
      ) : null}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <svg
          viewBox="0 0 24 24"
          className="size-4 shrink-0 text-brand-700"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14zM20 17v4H6.5A2.5 2.5 0 0 1 4 18.5" />
        </svg>
        {courseName}
      </p>
      <Link
        to={paths.unitViewer.getHref(unit.unitId)}
        aria-label={t.enterUnit(unit.unitName)}
        className={buttonClass('primary', 'mt-auto w-full')}
      >
        {t.enter}
      </Link>
    </article>
  );
}
