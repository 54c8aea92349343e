// Quiz results for teachers: per quiz of a course (attempts, average), and the submissions of a
// course or one quiz (searchable by student, with the average over all of them, when each attempt
// started and how long it took, and whether an existing client graded it), also as CSV.
import type { QuizResultQuery } from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { badRequest, notFound } from '../../lib/app-error';
import { csvDocument } from './csv';
import { LESSON_NOT_FOUND, ownedCourse } from './owned-rows';
import { paged } from './paging';
import { studentMatches } from './student-admin-service';

type ResultQuery = z.output<typeof QuizResultQuery>;

export const COURSE_OR_LESSON = 'courseId or lessonId is required';
/** The CSV's columns, in Arabic as the teacher reads them (the values stay ASCII numbers and ISO times,
 * which a spreadsheet sorts and computes with). */
export const RESULTS_HEADER = [
  'اسم الطالب',
  'البريد الإلكتروني',
  'رقم الهاتف',
  'الكورس',
  'الدرس',
  'الدرجة',
  'الإجابات الصحيحة',
  'عدد الأسئلة',
  'وقت التسليم',
  'وقت البدء',
  'المدة بالثواني',
  'صحّحه',
] as const;

/** The CSV's «صحّحه»: the server, or the student's app (an existing client that sent its score). */
export const GRADED_BY = { server: 'الخادم', client: 'تطبيق الطالب' } as const;
const gradedBy = (clientGraded: number) => (clientGraded === 1 ? GRADED_BY.client : GRADED_BY.server);

/** Averages to two decimals; PostgreSQL's avg() is a numeric, sent as text. */
const average = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;

/**
 * Whole seconds from the first opening to the submission; null without a recorded start (results from
 * before starts were recorded). Never negative: an opening that raced the submission counts as none.
 */
function durationSeconds(startedAt: string | null, submittedAt: string): number | null {
  if (startedAt === null) return null;
  return Math.max(0, Math.floor((Date.parse(submittedAt) - Date.parse(startedAt)) / 1000));
}

export class QuizResultsService {
  constructor(private readonly deps: { db: Db }) {}

  async summary(tenantId: number, courseId: number) {
    const { db } = this.deps;
    const course = await ownedCourse(db, tenantId, courseId);
    const rows = await db
      .selectFrom('lessons as l')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .leftJoin('quiz_results as r', 'r.lesson_id', 'l.id')
      .select([
        'l.id',
        'l.name',
        'u.name as unit_name',
        sql<number | string>`count(r.id)`.as('attempts'),
        sql<number | string | null>`avg(r.score)`.as('average'),
      ])
      .where('u.course_id', '=', courseId)
      .where('l.type', '=', 'Quiz')
      .groupBy(['l.id', 'l.name', 'u.name', 'u.position', 'u.id', 'l.position'])
      .orderBy('u.position')
      .orderBy('u.id')
      .orderBy('l.position')
      .orderBy('l.id')
      .execute();
    return {
      courseId: course.id,
      courseName: course.name,
      quizzes: rows.map((row) => ({
        lessonId: row.id,
        lessonName: row.name,
        unitName: row.unit_name,
        attempts: Number(row.attempts),
        averageScore: average(row.average),
      })),
    };
  }

  async results(tenantId: number, query: ResultQuery) {
    const base = await this.filtered(tenantId, query);
    const [{ rows, meta }, mean] = await Promise.all([
      paged(base, query, (q) => this.columns(q).orderBy('r.submitted_at', 'desc').orderBy('r.id', 'desc')),
      base.select(sql<number | string | null>`avg(r.score)`.as('average')).executeTakeFirstOrThrow(),
    ]);
    return {
      results: rows.map((row) => ({
        id: row.id,
        student: {
          id: row.student_id,
          name: row.student_name,
          email: row.student_email,
          phone: row.student_phone,
        },
        lessonId: row.lesson_id,
        lessonName: row.lesson_name,
        courseName: row.course_name,
        score: row.score,
        correctCount: row.correct_count,
        total: row.total,
        submittedAt: row.submitted_at,
        startedAt: row.started_at,
        durationSeconds: durationSeconds(row.started_at, row.submitted_at),
        clientGraded: row.client_graded === 1,
      })),
      averageScore: average(mean.average),
      ...meta,
    };
  }

  async exportCsv(tenantId: number, query: ResultQuery): Promise<{ fileName: string; body: string }> {
    const base = await this.filtered(tenantId, query);
    const rows = await this.columns(base).orderBy('r.submitted_at', 'desc').orderBy('r.id', 'desc').execute();
    const body = csvDocument(
      RESULTS_HEADER,
      rows.map((row) => [
        row.student_name,
        row.student_email,
        row.student_phone,
        row.course_name,
        row.lesson_name,
        row.score,
        row.correct_count,
        row.total,
        row.submitted_at,
        row.started_at,
        durationSeconds(row.started_at, row.submitted_at),
        gradedBy(row.client_graded),
      ]),
    );
    const scope = query.lessonId ? `lesson-${query.lessonId}` : `course-${query.courseId}`;
    return { fileName: `quiz-results-${scope}.csv`, body };
  }

  /** Results of the course or the quiz (which must be this tenant's: 404 otherwise), by student. */
  private async filtered(tenantId: number, query: ResultQuery) {
    const { db } = this.deps;
    if (query.courseId === undefined && query.lessonId === undefined)
      throw badRequest(COURSE_OR_LESSON, { courseId: COURSE_OR_LESSON });
    if (query.courseId !== undefined) await ownedCourse(db, tenantId, query.courseId);
    if (query.lessonId !== undefined) {
      const lesson = await db
        .selectFrom('lessons')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', query.lessonId)
        .executeTakeFirst();
      if (!lesson) throw notFound(LESSON_NOT_FOUND);
    }
    let base = db
      .selectFrom('quiz_results as r')
      .innerJoin('users as s', 's.id', 'r.user_id')
      .innerJoin('lessons as l', 'l.id', 'r.lesson_id')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      .leftJoin('quiz_attempts as a', (join) =>
        join.onRef('a.user_id', '=', 'r.user_id').onRef('a.lesson_id', '=', 'r.lesson_id'),
      )
      // An exam's counted result started with its attempt (decision 0013), not in quiz_attempts.
      .leftJoin('exam_attempts as e', 'e.id', 'r.attempt_id')
      .where('r.tenant_id', '=', tenantId);
    if (query.courseId !== undefined) base = base.where('u.course_id', '=', query.courseId);
    if (query.lessonId !== undefined) base = base.where('r.lesson_id', '=', query.lessonId);
    const matches = studentMatches(query.search, 's');
    if (matches) base = base.where(matches);
    return base;
  }

  private columns(query: Awaited<ReturnType<QuizResultsService['filtered']>>) {
    return query
      .select([
        'r.id',
        's.id as student_id',
        's.name as student_name',
        's.email as student_email',
        's.phone as student_phone',
        'l.id as lesson_id',
        'l.name as lesson_name',
        'c.name as course_name',
        'r.score',
        'r.correct_count',
        'r.total',
        'r.submitted_at',
        'r.client_graded',
      ])
      .select((eb) => eb.fn.coalesce('a.started_at', 'e.started_at').as('started_at'));
  }
}
