// Lessons with one student's progress flags, for a whole course or one unit, in a single query.
import type { LessonRef, UnitRef } from '@app/contract';
import type { LessonProgress } from '@app/domain';
import type { Db } from '../../db/connect';

export type LessonRow = {
  id: number;
  unit_id: number;
  name: string;
  type: 'Video' | 'Quiz';
  titel: string | null;
  completed: number | string | boolean | null;
  submitted: number | string | boolean | null;
};

const NOBODY = -1;

/** Lessons in course order (unit position, lesson position), with the student's completion flags. */
export async function lessonRows(
  db: Db,
  scope: { courseId: number } | { unitId: number },
  userId: number | null,
): Promise<LessonRow[]> {
  const student = userId ?? NOBODY;
  let query = db
    .selectFrom('lessons as l')
    .innerJoin('units as u', 'u.id', 'l.unit_id')
    .leftJoin('lesson_completions as lc', (join) =>
      join.onRef('lc.lesson_id', '=', 'l.id').on('lc.user_id', '=', student),
    )
    .leftJoin('quiz_results as qr', (join) =>
      join.onRef('qr.lesson_id', '=', 'l.id').on('qr.user_id', '=', student),
    )
    .select(['l.id', 'l.unit_id', 'l.name', 'l.type', 'l.titel', 'lc.id as completed', 'qr.id as submitted']);
  query =
    'courseId' in scope
      ? query.where('u.course_id', '=', scope.courseId)
      : query.where('l.unit_id', '=', scope.unitId);
  return query.orderBy('u.position').orderBy('u.id').orderBy('l.position').orderBy('l.id').execute();
}

export const toLessonRef = (row: LessonRow): LessonRef => ({
  id: row.id,
  lessonName: row.name,
  type: row.type,
  isCompleted: row.type === 'Video' && row.completed !== null,
  isQuizSubmitted: row.type === 'Quiz' && row.submitted !== null,
  titel: row.titel,
});

export const toProgress = (ref: LessonRef): LessonProgress => ({
  type: ref.type,
  isCompleted: ref.isCompleted,
  isQuizSubmitted: ref.isQuizSubmitted,
});

/** Groups lesson rows under their units, keeping units without lessons. */
export function groupIntoUnits(
  units: readonly { id: number; name: string; title: string }[],
  rows: readonly LessonRow[],
): UnitRef[] {
  const byUnit = new Map<number, LessonRef[]>(units.map((unit) => [unit.id, []]));
  for (const row of rows) byUnit.get(row.unit_id)?.push(toLessonRef(row));
  return units.map((unit) => ({
    id: unit.id,
    unitName: unit.name,
    unitTitle: unit.title,
    lessons: byUnit.get(unit.id) ?? [],
  }));
}

export async function unitsOfCourse(db: Db, courseId: number) {
  return db
    .selectFrom('units')
    .select(['id', 'name', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
