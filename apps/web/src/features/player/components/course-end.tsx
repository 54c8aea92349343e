// After the last lesson of the course is completed: where the student stands, in place of the
// spec's page reload (README, issue 15). Complete when every lesson is done; otherwise the
// curriculum is one click away for what is left.
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { focusMainHeading } from '../../../app/route-focus';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { playerMessages } from '../../../i18n/player';

const t = playerMessages.courseEnd;

type Props = { percent: number; onCurriculum: () => void; onAgain: () => void };

export function CourseEnd({ percent, onCurriculum, onAgain }: Props) {
  const headingId = useId();
  const complete = percent >= 100;
  // The button that led here («استمتعت بالمحاضرة») is gone with the lesson: the focus goes to this
  // heading, as after a change of screen, rather than back to the top of the page.
  useEffect(() => focusMainHeading(null, false), []);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-green-200 bg-white p-6 text-center shadow-sm md:p-10"
    >
      <h1 id={headingId} className="text-2xl font-extrabold text-slate-900">
        {complete ? t.complete : t.reachedEnd}
      </h1>
      <p className="mt-3 text-lg font-semibold text-green-800">{t.percent(percent)}</p>
      {complete ? null : <p className="mt-2 text-slate-700">{t.remaining}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.enrolledCourses.getHref()} className={buttonClass('primary')}>
          {t.back}
        </Link>
        <Button variant="secondary" onClick={onCurriculum}>
          {t.curriculum}
        </Button>
        <Button variant="ghost" onClick={onAgain}>
          {t.again}
        </Button>
      </div>
    </section>
  );
}
