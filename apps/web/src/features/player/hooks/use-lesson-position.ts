// The open lesson lives in the URL (`unit` and `lesson`, 0-based): the domain's initial-lesson rule
// picks it from the query parameters, and the URL is rewritten (replace) with the chosen indexes.
import { chooseInitialLesson, type LessonPosition, type PlayerUnit } from '@app/domain';
import { useCallback, useEffect, useMemo } from 'react';
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

  return { position, go };
}
