// One student's completed videos and submitted quizzes. Two indexed reads of that student's rows
// (a few hundred at most), matched in memory against the cached course structure: cheaper than
// joining the progress onto every lesson of a course.
import type { LessonRef } from '@app/contract';
import type { LessonProgress } from '@app/domain';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { LessonEntry, UnitEntry } from '../catalogue/catalogue-cache';

export type Progress = { completed: ReadonlySet<number>; submitted: ReadonlySet<number> };

export class StudentProgress {
  private readonly completions;
  private readonly results;

  constructor(db: Db) {
    this.completions = prepare<{ userId: number }, { lesson_id: number }>(db, (q) =>
      q.selectFrom('lesson_completions').select('lesson_id').where('user_id', '=', param<number>('userId')),
    );
    this.results = prepare<{ userId: number }, { lesson_id: number }>(db, (q) =>
      q.selectFrom('quiz_results').select('lesson_id').where('user_id', '=', param<number>('userId')),
    );
  }

  async of(userId: number): Promise<Progress> {
    const [completed, submitted] = await Promise.all([
      this.completions.all({ userId }),
      this.results.all({ userId }),
    ]);
    return {
      completed: new Set(completed.map((row) => row.lesson_id)),
      submitted: new Set(submitted.map((row) => row.lesson_id)),
    };
  }
}

export const NO_PROGRESS: Progress = { completed: new Set(), submitted: new Set() };

export const toLessonRef = (lesson: LessonEntry, progress: Progress): LessonRef => ({
  id: lesson.id,
  lessonName: lesson.name,
  type: lesson.type,
  isCompleted: lesson.type === 'Video' && progress.completed.has(lesson.id),
  isQuizSubmitted: lesson.type === 'Quiz' && progress.submitted.has(lesson.id),
  titel: lesson.titel,
});

export const toProgress = (ref: LessonRef): LessonProgress => ({
  type: ref.type,
  isCompleted: ref.isCompleted,
  isQuizSubmitted: ref.isQuizSubmitted,
});

export const unitRefs = (units: readonly UnitEntry[], progress: Progress) =>
  units.map((unit) => ({
    id: unit.id,
    unitName: unit.name,
    unitTitle: unit.title,
    lessons: unit.lessons.map((lesson) => toLessonRef(lesson, progress)),
  }));
