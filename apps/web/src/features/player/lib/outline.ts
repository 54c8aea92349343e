// The course player's view of a course: each unit with its availability (from the domain rules) and
// its lessons with progress, where a completion made in this browser counts at once.
import type { CourseWithProgress, LessonRef } from '@app/contract';
import {
  courseUnitAvailability,
  isUnitAccessible,
  type LessonPosition,
  type PlayerUnit,
  type UnitAvailability,
} from '@app/domain';

export type OutlineUnit = PlayerUnit & {
  id: number;
  unitName: string;
  availability: UnitAvailability;
  lessons: LessonRef[];
};

/** Progress the server may not have returned yet: completions and submissions made on this screen. */
export type LocalProgress = { completedIds: ReadonlySet<string>; submittedQuizIds: ReadonlySet<number> };

export function withLocalProgress(lesson: LessonRef, local: LocalProgress): LessonRef {
  const isCompleted =
    lesson.isCompleted || (lesson.type === 'Video' && local.completedIds.has(String(lesson.id)));
  const isQuizSubmitted =
    lesson.isQuizSubmitted || (lesson.type === 'Quiz' && local.submittedQuizIds.has(lesson.id));
  return isCompleted === lesson.isCompleted && isQuizSubmitted === lesson.isQuizSubmitted
    ? lesson
    : { ...lesson, isCompleted, isQuizSubmitted };
}

export function courseOutline(
  course: CourseWithProgress,
  options: { now: Date; local: LocalProgress },
): OutlineUnit[] {
  const enrollmentDate = course.enrollmentDate ? new Date(course.enrollmentDate) : null;
  return course.units.map((unit, unitIndex) => {
    const availability = courseUnitAvailability({
      now: options.now,
      enrollmentDate,
      unitIndex,
      isOpenToAll: course.isOpenToAll,
      // The tenant's zone, as the server counts the same window.
      timeZone: course.timeZone,
    });
    return {
      id: unit.id,
      unitName: unit.unitName,
      availability,
      accessible: isUnitAccessible(availability),
      lessons: unit.lessons.map((lesson) => withLocalProgress(lesson, options.local)),
    };
  });
}

export function lessonAt<U extends { lessons: readonly LessonRef[] }>(
  units: readonly U[],
  pos: LessonPosition,
): LessonRef | null {
  return units[pos.unitIndex]?.lessons[pos.lessonIndex] ?? null;
}

/** Every lesson position in course order. */
export function allPositions(units: readonly { lessons: readonly unknown[] }[]): LessonPosition[] {
  return units.flatMap((unit, unitIndex) =>
    unit.lessons.map((_, lessonIndex) => ({ unitIndex, lessonIndex })),
  );
}

const samePosition = (a: LessonPosition, b: LessonPosition) =>
  a.unitIndex === b.unitIndex && a.lessonIndex === b.lessonIndex;

/** 1-based place of `pos` among all lessons (0 when it is not a lesson). */
export function positionNumber(
  units: readonly { lessons: readonly unknown[] }[],
  pos: LessonPosition,
): number {
  return allPositions(units).findIndex((p) => samePosition(p, pos)) + 1;
}

/** The lesson after `pos` in course order (into the next unit), or null after the last one. */
export function nextPosition(
  units: readonly { lessons: readonly unknown[] }[],
  pos: LessonPosition,
): LessonPosition | null {
  const all = allPositions(units);
  const index = all.findIndex((p) => samePosition(p, pos));
  return index >= 0 ? (all[index + 1] ?? null) : null;
}
