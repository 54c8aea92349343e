// One student's completed videos and submitted quizzes, as sub-selects that ride along in the one
// statement a student read makes (issue 17: two round trips at most). Each is a JSON array of lesson
// ids, of one unit's lessons (a few index probes) or of all the student's rows (one index range); the
// ids are matched in memory against the cached course structure. What they mean (locking, percent
// complete) stays in the domain. A quiz result carries whether it passed (0013: an exam's pass mark),
// so a failed quiz keeps blocking the lessons after it.
import type { LessonRef } from '@app/contract';
import type { LessonProgress } from '@app/domain';
import { expressionBuilder, sql, type Expression } from 'kysely';
import type { DialectName } from '../../db/connect';
import { fromJson, jsonHelpers, type JsonHelpers } from '../../db/json';
import type { Database } from '../../db/schema';
import type { LessonEntry, UnitEntry } from '../catalogue/catalogue-cache';

export type Progress = {
  completed: ReadonlySet<number>;
  submitted: ReadonlySet<number>;
  /** Submitted quizzes whose counted result is below the pass mark (quiz_results.passed = 0). */
  failed: ReadonlySet<number>;
};

/** What the progress columns hold: JSON arrays of `{ lesson_id }` (`submitted` also has `passed`;
 * text on SQLite). */
export type ProgressColumns = { completed: unknown; submitted: unknown };

type ProgressTable = 'lesson_completions' | 'quiz_results';

export class StudentProgress {
  readonly json: JsonHelpers;

  constructor(dialect: DialectName) {
    this.json = jsonHelpers(dialect);
  }

  /** The `completed` and `submitted` columns among the lessons of one unit. `userId` and `unitId` may
   * be values, parameters or references to the outer query. */
  inUnit(userId: number, unitId: Expression<number> | number) {
    return this.columns((table) =>
      rowsOf(table, userId)
        .innerJoin('lessons as pl', 'pl.id', 'p.lesson_id')
        .where('pl.unit_id', '=', unitId),
    );
  }

  /**
   * The `completed` and `submitted` columns with all of this student's rows, for a whole course: read
   * from the (user_id, lesson_id) indexes alone and matched against the cached structure. Restricting
   * them to the course by joining lessons and units cost PostgreSQL ten times as much (57 ms against
   * 6 ms warm for 4,000 rows of progress in a 1,000-unit course).
   */
  ofStudent(userId: number) {
    return this.columns((table) => rowsOf(table, userId));
  }

  private columns<Q extends Parameters<JsonHelpers['arrayFrom']>[0]>(lessonIds: (table: ProgressTable) => Q) {
    return [
      this.json.arrayFrom(lessonIds('lesson_completions')).as('completed'),
      this.json.arrayFrom(lessonIds('quiz_results')).as('submitted'),
    ] as const;
  }
}

/** The student's rows of one progress table; selects `lesson_id`, and a quiz result's `passed`. Both
 * tables have the same (user_id, lesson_id) shape, so one typed builder serves them. */
const rowsOf = (table: ProgressTable, userId: number) =>
  expressionBuilder<Database, never>()
    .selectFrom(`${table} as p` as 'lesson_completions as p')
    .select(table === 'quiz_results' ? ['p.lesson_id', sql<number>`p.passed`.as('passed')] : ['p.lesson_id'])
    .where('p.user_id', '=', userId);

/** The progress columns of a row, read into sets of lesson ids. */
export function progressOf(row: ProgressColumns): Progress {
  const entries = (value: unknown) =>
    fromJson<{ lesson_id: number; passed?: unknown }[]>(value as string) ?? [];
  const ids = (list: { lesson_id: number }[]) => new Set(list.map((entry) => entry.lesson_id));
  const submitted = entries(row.submitted);
  // 0 on both databases (an integer column): anything else is a pass.
  const failed = submitted.filter((entry) => Number(entry.passed) === 0);
  return { completed: ids(entries(row.completed)), submitted: ids(submitted), failed: ids(failed) };
}

export const NO_PROGRESS: Progress = { completed: new Set(), submitted: new Set(), failed: new Set() };

export const toLessonRef = (lesson: LessonEntry, progress: Progress): LessonRef => ({
  id: lesson.id,
  lessonName: lesson.name,
  type: lesson.type,
  isCompleted: lesson.type === 'Video' && progress.completed.has(lesson.id),
  isQuizSubmitted: lesson.type === 'Quiz' && progress.submitted.has(lesson.id),
  isQuizPassed: !progress.failed.has(lesson.id),
  titel: lesson.titel,
});

export const toProgress = (ref: LessonRef): LessonProgress => ({
  type: ref.type,
  isCompleted: ref.isCompleted,
  isQuizSubmitted: ref.isQuizSubmitted,
  isQuizPassed: ref.isQuizPassed,
});

export const unitRefs = (units: readonly UnitEntry[], progress: Progress) =>
  units.map((unit) => ({
    id: unit.id,
    unitName: unit.name,
    unitTitle: unit.title,
    lessons: unit.lessons.map((lesson) => toLessonRef(lesson, progress)),
  }));
