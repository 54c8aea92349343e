// A lecture the student unlocked: active or not (in words, not colour alone), grade, term, unit name,
// course name and a link into the unit viewer; a closed one says why (the domain's window, in the
// school's time zone) and offers a new code and the supervisor on WhatsApp instead.
import type { MyUnit } from '@app/contract';
import { isUnitAccessible, splitCourseName, unitCodeAvailability } from '@app/domain';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { GradeBadge, TermBadge } from '../../../components/ui/course-badges';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { playerMessages } from '../../../i18n/player';
import { ContactSupervisorLink } from '../../enrolments/components/contact-supervisor-link';
import { closedReason } from '../../player/lib/availability-text';

const t = catalogueMessages.myLectures;
const closed = playerMessages.unitClosed;

/** The unit-code box on the home page (paths.ts has no entry for the anchor). */
export const UNIT_CODE_BOX_HREF = `${paths.home.getHref()}#unit-code`;

export function UnitCard({ unit, now }: { unit: MyUnit; now: Date }) {
  const courseName = splitCourseName(unit.courseName).displayName;
  const availability = unitCodeAvailability({
    now,
    redeemedAt: new Date(unit.enrollmentDate),
    timeZone: unit.timeZone,
  });
  // The server also closes a lecture whose course was deactivated.
  const open = unit.active && isUnitAccessible(availability);
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={open ? 'success' : 'neutral'}>
          <span
            className={`size-2 rounded-full ${open ? 'bg-green-700' : 'bg-slate-500'}`}
            aria-hidden="true"
          />
          {open ? t.active : t.inactive}
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
      {open ? (
        <Link
          to={paths.unitViewer.getHref(unit.unitId)}
          aria-label={t.enterUnit(unit.unitName)}
          className={buttonClass('primary', 'mt-auto w-full')}
        >
          {t.enter}
        </Link>
      ) : (
        <>
          <p className="text-sm font-semibold text-red-700">{closedReason(availability, unit.timeZone)}</p>
          <div className="mt-auto flex flex-col gap-2">
            <Link to={UNIT_CODE_BOX_HREF} className={buttonClass('primary', 'w-full')}>
              {closed.enterNewCode}
            </Link>
            <ContactSupervisorLink
              courseName={unit.courseName}
              label={closed.contactSupervisor}
              className="w-full"
            />
          </div>
        </>
      )}
    </article>
  );
}
