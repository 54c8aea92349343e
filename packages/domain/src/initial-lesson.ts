import type { LessonProgress } from './lesson-locking';
import { isLessonDone, isLessonLocked } from './lesson-locking';

export type PlayerUnit = { accessible: boolean; lessons: readonly LessonProgress[] };
export type LessonPosition = { unitIndex: number; lessonIndex: number };
export type SelectionProblem = 'out-of-range' | 'unit-unavailable' | 'previous-quiz';

const FIRST_LESSON: LessonPosition = { unitIndex: 0, lessonIndex: 0 };

/** A `unit`/`lesson` query parameter: only a plain non-negative integer ('3', not ' 3', '3.0', '+3', '1e1'). */
export function parseIndexParam(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Why a lesson cannot be opened, or null when it can. Checked in this order: an index outside the
 * course ('Lesson unavailable'), a unit that is not open (its availability message), then an earlier
 * unsubmitted quiz ('You must complete the previous quiz first').
 */
export function selectionProblem(units: readonly PlayerUnit[], pos: LessonPosition): SelectionProblem | null {
  const unit = Number.isInteger(pos.unitIndex) && pos.unitIndex >= 0 ? units[pos.unitIndex] : undefined;
  const inRange =
    unit &&
    Number.isInteger(pos.lessonIndex) &&
    pos.lessonIndex >= 0 &&
    pos.lessonIndex < unit.lessons.length;
  if (!unit || !inRange) return 'out-of-range';
  if (!unit.accessible) return 'unit-unavailable';
  if (isLessonLocked(unit.lessons, pos.lessonIndex)) return 'previous-quiz';
  return null;
}

export function isSelectable(units: readonly PlayerUnit[], pos: LessonPosition): boolean {
  return selectionProblem(units, pos) === null;
}

type Candidate = { pos: LessonPosition; done: boolean; locked: boolean };

function accessibleLessons(units: readonly PlayerUnit[]): Candidate[] {
  return units.flatMap((unit, unitIndex) =>
    unit.accessible
      ? unit.lessons.map((lesson, lessonIndex) => ({
          pos: { unitIndex, lessonIndex },
          done: isLessonDone(lesson),
          locked: isLessonLocked(unit.lessons, lessonIndex),
        }))
      : [],
  );
}

/**
 * The lesson the course player opens (RULES.md "Initial lesson"):
 * 1. the `unit` and `lesson` query parameters, when both are indexes of a selectable lesson;
 * 2. else, over the lessons of accessible units in course order, the first unlocked lesson after the
 *    last done one (where the student left off);
 * 3. else the first lesson that is neither done nor locked;
 * 4. else the course's first lesson (0, 0), also for a course without units.
 */
export function chooseInitialLesson(
  units: readonly PlayerUnit[],
  params: { unit?: string | null; lesson?: string | null },
): LessonPosition {
  const unitIndex = parseIndexParam(params.unit);
  const lessonIndex = parseIndexParam(params.lesson);
  if (unitIndex !== null && lessonIndex !== null && isSelectable(units, { unitIndex, lessonIndex })) {
    return { unitIndex, lessonIndex };
  }

  const lessons = accessibleLessons(units);
  const lastDone = lessons.findLastIndex((l) => l.done);
  const resume = lastDone >= 0 ? lessons.slice(lastDone + 1).find((l) => !l.locked) : undefined;
  const firstOpen = lessons.find((l) => !l.done && !l.locked);
  return (resume ?? firstOpen)?.pos ?? FIRST_LESSON;
}
