import { describe, it, expect } from 'vitest';
import type { LessonProgress } from './lesson-locking';
import { isLessonDone, isLessonLocked, lockedFlags } from './lesson-locking';

const video = (isCompleted = false): LessonProgress => ({
  type: 'Video',
  isCompleted,
  isQuizSubmitted: false,
});
const quiz = (isQuizSubmitted = false): LessonProgress => ({
  type: 'Quiz',
  isCompleted: false,
  isQuizSubmitted,
});
/** An exam submitted, its counted result below (false) or at least (true) the pass mark. */
const exam = (isQuizPassed: boolean): LessonProgress => ({
  type: 'Quiz',
  isCompleted: false,
  isQuizSubmitted: true,
  isQuizPassed,
});

describe('isLessonDone', () => {
  it.each<[string, LessonProgress, boolean]>([
    ['completed video', video(true), true],
    ['unwatched video', video(false), false],
    ['submitted quiz', quiz(true), true],
    ['unsubmitted quiz', quiz(false), false],
    ['exam submitted and passed', exam(true), true],
    ['exam submitted below the pass mark', exam(false), false],
    [
      'unsubmitted exam marked passed',
      { type: 'Quiz', isCompleted: false, isQuizSubmitted: false, isQuizPassed: true },
      false,
    ],
    [
      'a video ignores the pass flag',
      { type: 'Video', isCompleted: true, isQuizSubmitted: false, isQuizPassed: false },
      true,
    ],
    // a video's quiz flag and a quiz's completion flag do not count
    ['video with only the quiz flag', { type: 'Video', isCompleted: false, isQuizSubmitted: true }, false],
    [
      'quiz with only the completion flag',
      { type: 'Quiz', isCompleted: true, isQuizSubmitted: false },
      false,
    ],
  ])('%s → %s', (_name, lesson, expected) => {
    expect(isLessonDone(lesson)).toBe(expected);
  });
});

describe('isLessonLocked', () => {
  it.each<[string, LessonProgress[], number, boolean]>([
    ['the first lesson', [quiz()], 0, false],
    ['an unsubmitted quiz does not lock itself', [video(), quiz()], 1, false],
    ['the lesson right after an unsubmitted quiz', [quiz(), video()], 1, true],
    ['every lesson after an unsubmitted quiz', [quiz(), video(true), video(), quiz(true)], 3, true],
    ['after a submitted quiz', [quiz(true), video()], 1, false],
    ['unwatched videos do not lock', [video(), video(), video()], 2, false],
    ['an unsubmitted quiz further back', [video(true), quiz(), video(), video()], 3, true],
    ['before the unsubmitted quiz', [video(), video(), quiz(), video()], 1, false],
    ['after an exam failed below its pass mark', [exam(false), video()], 1, true],
    ['everything after a failed exam', [video(true), exam(false), quiz(true), video(true)], 3, true],
    ['a failed exam does not lock itself', [video(true), exam(false)], 1, false],
    ['after a passed exam', [exam(true), video()], 1, false],
    ['after an unsubmitted exam marked passed', [{ ...quiz(false), isQuizPassed: true }, video()], 1, true],
  ])('%s', (_name, lessons, index, expected) => {
    expect(isLessonLocked(lessons, index)).toBe(expected);
  });

  it.each([-1, 2, 0.5])('rejects index %s outside the unit', (index) => {
    expect(() => isLessonLocked([video(), video()], index)).toThrow(RangeError);
  });
});

describe('lockedFlags', () => {
  const unit = [video(true), quiz(), video(), quiz(), video()];

  it.each<[string, LessonProgress[], number | undefined, boolean[]]>([
    [
      'unit viewer: everything after the first unsubmitted quiz',
      unit,
      undefined,
      [false, false, true, true, true],
    ],
    ['course player: the open lesson is not shown locked', unit, 2, [false, false, false, true, true]],
    ['course player: open lesson past a second quiz', unit, 4, [false, false, true, true, false]],
    ['open lesson before the quiz changes nothing', unit, 0, [false, false, true, true, true]],
    [
      'all quizzes submitted',
      [quiz(true), video(), quiz(true), video()],
      undefined,
      [false, false, false, false],
    ],
    ['an empty unit', [], undefined, []],
    [
      'unit viewer: a failed exam locks what follows, a passed one does not',
      [exam(true), video(), exam(false), video(true), quiz(true)],
      undefined,
      [false, false, false, true, true],
    ],
    [
      'course player: retaking a failed exam, the lesson after it stays locked',
      [video(true), exam(false), video()],
      1,
      [false, false, true],
    ],
  ])('%s', (_name, lessons, currentIndex, expected) => {
    expect(lockedFlags(lessons, currentIndex === undefined ? undefined : { currentIndex })).toEqual(expected);
  });

  it('agrees with isLessonLocked for every lesson when no lesson is open', () => {
    const lessons = [video(), quiz(true), video(true), quiz(), quiz(), video()];
    expect(lockedFlags(lessons)).toEqual(lessons.map((_, i) => isLessonLocked(lessons, i)));
    const withExams = [video(), exam(true), video(true), exam(false), video()];
    expect(lockedFlags(withExams)).toEqual(withExams.map((_, i) => isLessonLocked(withExams, i)));
  });
});
