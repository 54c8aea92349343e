// The open lesson lives in the URL (`unit` and `lesson`, 0-based): the domain's initial-lesson rule
// picks it from the query parameters, and the URL is rewritten (replace) with the chosen indexes.
// A link naming a lesson that may not be opened (behind an unsubmitted quiz, in a unit not open, no
// such lesson) opens another: `refused` says why, for the player to tell the student once.
import {
  chooseInitialLesson,
  parseIndexParam,
  selectionProblem,
  type LessonPosition,
  type PlayerUnit,
  type SelectionProblem,
} from '@app/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** 'course': `?unit=&lesson=`; 'unit' (the unit viewer): one unit, `?lesson=` only. */
export function useLessonPosition(units: readonly PlayerUnit[], mode: 'course' | 'unit') {
  const [params, setParams] = useSearchParams();
  const unitParam = mode === 'course' ? params.get('unit') : '0';
  const lessonParam = params.get('lesson');
  const position = useMemo(
    () => chooseInitialLesson(units, { unit: unitParam, lesson: lessonParam }),
    [units, unitParam, lessonParam],
  );
  const hasLessons = units.some((unit) => unit.lessons.length > 0);
  // As the page was opened: once the URL is rewritten it names the lesson chosen instead.
  const [refused] = useState(() => refusedLink(units, unitParam, lessonParam));

  const go = useCallback(
    (pos: LessonPosition) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (mode === 'course') next.set('unit', String(pos.unitIndex));
          next.set('lesson', String(pos.lessonIndex));
          return next;
        },
        { replace: true },
      ),
    [setParams, mode],
  );

  const inUrl =
    (mode === 'unit' || unitParam === String(position.unitIndex)) &&
    lessonParam === String(position.lessonIndex);
  useEffect(() => {
    if (hasLessons && !inUrl) go(position);
  }, [hasLessons, inUrl, go, position]);

  return { position, go, refused };
}

/** Why the lesson a link names may not open, with its unit's index; null without one, or when it may. */
function refusedLink(
  units: readonly PlayerUnit[],
  unit: string | null,
  lesson: string | null,
): { problem: SelectionProblem; unitIndex: number } | null {
  const unitIndex = parseIndexParam(unit);
  const lessonIndex = parseIndexParam(lesson);
  if (unitIndex === null || lessonIndex === null) return null;
  const problem = selectionProblem(units, { unitIndex, lessonIndex });
  return problem ? { problem, unitIndex } : null;
}
