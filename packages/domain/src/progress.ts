import type { LessonProgress } from './lesson-locking';
import { isLessonDone } from './lesson-locking';
import { roundedPercent } from './percent';

/**
 * Completed videos plus submitted quizzes over all lessons of the course, as a rounded percent. A quiz
 * submitted below an exam's pass mark (`isQuizPassed: false`) is not done yet.
 */
export function coursePercentComplete(lessons: readonly LessonProgress[]): number {
  return roundedPercent(lessons.filter(isLessonDone).length, lessons.length);
}
