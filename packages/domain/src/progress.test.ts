import { describe, it, expect } from 'vitest';
import type { LessonProgress } from './lesson-locking';
import { coursePercentComplete } from './progress';

const video = (isCompleted: boolean): LessonProgress => ({
  type: 'Video',
  isCompleted,
  isQuizSubmitted: false,
});
const quiz = (isQuizSubmitted: boolean): LessonProgress => ({
  type: 'Quiz',
  isCompleted: false,
  isQuizSubmitted,
});
const done = (n: number) => Array.from({ length: n }, () => video(true));
const todo = (n: number) => Array.from({ length: n }, () => video(false));

describe('coursePercentComplete', () => {
  it.each<[string, LessonProgress[], number]>([
    ['no lessons', [], 0],
    ['nothing done', todo(4), 0],
    ['everything done', [video(true), quiz(true)], 100],
    [
      'completed videos and submitted quizzes both count',
      [video(true), quiz(true), video(false), quiz(false)],
      50,
    ],
    [
      'a quiz counts only when submitted',
      [quiz(false), { type: 'Quiz', isCompleted: true, isQuizSubmitted: false }],
      0,
    ],
    ['one of three rounds down', [...done(1), ...todo(2)], 33],
    ['two of three rounds up', [...done(2), ...todo(1)], 67],
    [
      'an exam counts once passed, not when submitted below its pass mark',
      [
        video(true),
        { type: 'Quiz', isCompleted: false, isQuizSubmitted: true, isQuizPassed: true },
        { type: 'Quiz', isCompleted: false, isQuizSubmitted: true, isQuizPassed: false },
        video(false),
      ],
      50,
    ],
    ['one of eight (12.5) rounds half up', [...done(1), ...todo(7)], 13],
    ['one of 201 rounds to 0', [...done(1), ...todo(200)], 0],
    ['199 of 200 (99.5) rounds up to 100', [...done(199), ...todo(1)], 100],
  ])('%s → %i', (_name, lessons, expected) => {
    expect(coursePercentComplete(lessons)).toBe(expected);
  });
});
