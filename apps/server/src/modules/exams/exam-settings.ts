// A quiz lesson's exam settings as the server uses them (decision 0013): read from quiz_settings and
// cached per lesson by ExamSettingsCache (settings-cache.ts). A lesson without a row is a plain quiz
// (null), served by modules/learning as before.
import type { Difficulty } from '@app/contract';

export type ExamDrawRule = { topic: string | null; difficulty: Difficulty | null; count: number };

export type LessonExamSettings = {
  lessonId: number;
  courseId: number;
  source: 'fixed' | 'bank';
  draw: ExamDrawRule[];
  timeLimitMinutes: number | null;
  passMark: number | null;
  attemptsAllowed: number;
  counts: 'best' | 'last';
  review: 'immediate' | 'after-deadline' | 'never';
  showExplanations: boolean;
  opensAt: Date | null;
  closesAt: Date | null;
};
