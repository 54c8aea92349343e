export type LessonProgress = {
  type: 'Video' | 'Quiz';
  isCompleted: boolean;
  isQuizSubmitted: boolean;
  /** Whether the counted result reached the exam's pass mark (issue 20); absent means passed. */
  isQuizPassed?: boolean;
};

/** A video is done once completed; a quiz once submitted and not failed (below an exam's pass mark). */
export function isLessonDone(l: LessonProgress): boolean {
  return l.type === 'Video' ? l.isCompleted : l.isQuizSubmitted && l.isQuizPassed !== false;
}

/** A quiz holds back the lessons after it until it is submitted and passed. */
function isBlockingQuiz(l: LessonProgress): boolean {
  return l.type === 'Quiz' && !isLessonDone(l);
}

function checkIndex(lessons: readonly LessonProgress[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= lessons.length) {
    throw new RangeError(`lesson index ${index} is outside 0..${lessons.length - 1}`);
  }
}

/**
 * The rule the server enforces (403 "You must complete the previous quiz first") and the unit
 * viewer shows: a lesson is locked when an earlier lesson of its unit is a quiz not yet submitted, or
 * submitted below its pass mark. The quiz itself is not locked by being unsubmitted or failed.
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
