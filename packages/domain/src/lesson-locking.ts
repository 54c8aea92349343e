export type LessonProgress = { type: 'Video' | 'Quiz'; isCompleted: boolean; isQuizSubmitted: boolean };

/** A video is done once completed; a quiz once submitted (its one attempt). */
export function isLessonDone(l: LessonProgress): boolean {
  return l.type === 'Video' ? l.isCompleted : l.isQuizSubmitted;
}

function isBlockingQuiz(l: LessonProgress): boolean {
  return l.type === 'Quiz' && !l.isQuizSubmitted;
}

function checkIndex(lessons: readonly LessonProgress[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= lessons.length) {
    throw new RangeError(`lesson index ${index} is outside 0..${lessons.length - 1}`);
  }
}

/**
 * The rule the server enforces (403 "You must complete the previous quiz first") and the unit
 * viewer shows: a lesson is locked when an earlier lesson of its unit is an unsubmitted quiz.
 * The quiz itself is not locked by being unsubmitted.
 */
export function isLessonLocked(lessons: readonly LessonProgress[], index: number): boolean {
  checkIndex(lessons, index);
  return lessons.slice(0, index).some(isBlockingQuiz);
}

/**
 * One flag per lesson of a unit. The course player passes the open lesson as `currentIndex`, which
 * is never shown locked (the student is already on it); without it this is the unit viewer's view.
 */
export function lockedFlags(
  lessons: readonly LessonProgress[],
  options?: { currentIndex?: number },
): boolean[] {
  const flags: boolean[] = [];
  let blocked = false;
  lessons.forEach((lesson, i) => {
    flags.push(blocked && i !== options?.currentIndex);
    blocked ||= isBlockingQuiz(lesson);
  });
  return flags;
}
