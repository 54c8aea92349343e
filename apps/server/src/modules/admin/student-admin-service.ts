// Students as support sees them: search by name, email or phone; one student's enrolments with
// progress, unlocked units, quiz results and live devices; ending their device sessions (the answer
// to "I hit the device limit"); and a manual enrolment.
import type { AdminSearchQuery, AdminStudent, AdminStudentDetail } from '@app/contract';
import { roundedPercent, toAsciiDigits } from '@app/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/app-error';
import type { SessionRepository } from '../auth/sessions';
import { ALREADY_ENROLLED } from '../learning/enrolment-service';
import type { AdminActor } from './admin-guard';
import type { AdminWriter } from './admin-writer';
import { ownedCourse, ownedStudent, STUDENT_NOT_FOUND } from './owned-rows';
import { anyContains, containsPattern, paged } from './paging';
import { auditSummary } from './audit-summaries';

type SearchQuery = z.output<typeof AdminSearchQuery>;

// A search that is only digits (either script) and the separators people type in phone numbers.
const PHONE_LIKE = /^[\s\d\u0660-\u0669\u06f0-\u06f9+\-()]+$/;

/**
 * Name, email or phone contains the search. A phone-like search also matches the stored phone's
 * digits, so '٠١٠ ١٢٣' finds 010123…; an email or a name with digits in it is not turned into a
 * phone search, or 'ali2024@…' would list every student whose phone contains 2024.
 */
export function studentMatches(search: string | undefined, prefix: 'u' | 's'): Expression<SqlBool> | null {
  const pattern = containsPattern(search);
  if (!pattern) return null;
  const phoneLike = PHONE_LIKE.test(search ?? '');
  const digits = phoneLike ? containsPattern(toAsciiDigits(search ?? '').replace(/\D/g, '')) : null;
  const tests = [anyContains([`${prefix}.name`, `${prefix}.email`, `${prefix}.phone`], pattern)];
  if (digits) tests.push(anyContains([`${prefix}.phone`], digits));
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

type Deps = { db: Db; clock: Clock; writer: AdminWriter; sessions: SessionRepository };

export class StudentAdminService {
  constructor(private readonly deps: Deps) {}

  async list(tenantId: number, query: SearchQuery) {
    let base = this.students(tenantId);
    const matches = studentMatches(query.search, 'u');
    if (matches) base = base.where(matches);
    const { rows, meta } = await paged(base, query, (q) => this.studentColumns(q).orderBy('u.id', 'desc'));
    return { students: rows.map(toStudent), ...meta };
  }

  async detail(tenantId: number, studentId: number): Promise<AdminStudentDetail> {
    const { db } = this.deps;
    const now = this.deps.clock.now().toISOString();
    const [student, enrollments, unitUnlocks, quizResults, sessions] = await Promise.all([
      this.studentColumns(this.students(tenantId)).where('u.id', '=', studentId).executeTakeFirst(),
      enrolmentProgress(db, tenantId, studentId),
      db
        .selectFrom('unit_unlocks as uu')
        .innerJoin('units as un', 'un.id', 'uu.unit_id')
        .innerJoin('courses as c', 'c.id', 'un.course_id')
        .select([
          'un.id as unitId',
          'un.name as unitName',
          'c.name as courseName',
          'uu.unlocked_at as unlockedAt',
        ])
        .where('uu.user_id', '=', studentId)
        .where('uu.tenant_id', '=', tenantId)
        .orderBy('uu.unlocked_at', 'desc')
        .execute(),
      db
        .selectFrom('quiz_results as r')
        .innerJoin('lessons as l', 'l.id', 'r.lesson_id')
        .innerJoin('units as un', 'un.id', 'l.unit_id')
        .innerJoin('courses as c', 'c.id', 'un.course_id')
        .select([
          'l.id as lessonId',
          'l.name as lessonName',
          'c.name as courseName',
          'r.score',
          'r.correct_count as correctCount',
          'r.total',
          'r.submitted_at as submittedAt',
        ])
        .where('r.user_id', '=', studentId)
        .where('r.tenant_id', '=', tenantId)
        .orderBy('r.submitted_at', 'desc')
        .execute(),
      db
        .selectFrom('device_sessions')
        .select(['device_id as deviceId', 'created_at as createdAt', 'refreshed_at as refreshedAt'])
        .where('user_id', '=', studentId)
        .where('tenant_id', '=', tenantId)
        .where('expires_at', '>', now)
        .orderBy('slot')
        .execute(),
    ]);
    if (!student) throw notFound(STUDENT_NOT_FOUND);
    return {
      student: toStudent(student),
      enrollments: enrollments.map(toEnrolment),
      unitUnlocks,
      quizResults,
      sessions,
    };
  }

  /** Ends every device session of the student: their next request is a 401. */
  async endSessions(actor: AdminActor, studentId: number): Promise<{ ended: number }> {
    const result = await this.deps.writer.run(actor, async (trx) => {
      const student = await ownedStudent(trx, actor.tenant.id, studentId);
      const ended = await this.deps.sessions.endAll(student.id, undefined, trx);
      return {
        result: { ended },
        audit: {
          action: 'student.sessions.end',
          targetType: 'student',
          targetId: student.id,
          summary: auditSummary.sessionsEnded(student.name, ended),
        },
      };
    });
    // Committed: every process forgets the sessions it kept in memory.
    await this.deps.sessions.forgetUser(studentId);
    return result;
  }

  /** Enrols the student in a course of the tenant (source 'admin'); 409 when already enrolled. */
  async enrol(actor: AdminActor, studentId: number, courseId: number): Promise<AdminStudentDetail> {
    await this.deps.writer.run(actor, async (trx) => {
      const student = await ownedStudent(trx, actor.tenant.id, studentId);
      const course = await ownedCourse(trx, actor.tenant.id, courseId);
      const inserted = await trx
        .insertInto('enrollments')
        .values({
          tenant_id: actor.tenant.id,
          user_id: student.id,
          course_id: course.id,
          enrolled_at: this.deps.clock.now().toISOString(),
          source: 'admin',
          code_id: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw conflict(ALREADY_ENROLLED);
      return {
        result: null,
        audit: {
          action: 'student.enrol',
          targetType: 'student',
          targetId: student.id,
          summary: auditSummary.enrolled(student.name, course.name),
        },
      };
    });
    return this.detail(actor.tenant.id, studentId);
  }

  private students(tenantId: number) {
    return this.deps.db
      .selectFrom('users as u')
      .where('u.tenant_id', '=', tenantId)
      .where('u.role', '=', 'student');
  }

  private studentColumns(query: ReturnType<StudentAdminService['students']>) {
    const now = this.deps.clock.now().toISOString();
    return query.select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      'u.parent_phone',
      'u.academic_year',
      'u.created_at',
      eb
        .selectFrom('device_sessions as ds')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('ds.user_id', '=', 'u.id')
        .where('ds.expires_at', '>', now)
        .as('active_sessions'),
    ]);
  }
}

type StudentRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  parent_phone: string;
  academic_year: string;
  created_at: string;
  active_sessions: number | string | null;
};

const toStudent = (row: StudentRow): AdminStudent => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  parentPhone: row.parent_phone,
  academicYear: row.academic_year,
  createdAt: row.created_at,
  activeSessions: Number(row.active_sessions ?? 0),
});

/** Each enrolment with the course's lesson count and how many of them the student has done. */
function enrolmentProgress(db: Db, tenantId: number, studentId: number) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select((eb) => [
      'e.course_id',
      'c.name as course_name',
      'e.enrolled_at',
      'e.source',
      eb
        .selectFrom('lessons as l')
        .innerJoin('units as un', 'un.id', 'l.unit_id')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('un.course_id', '=', 'c.id')
        .as('total_lessons'),
      eb
        .selectFrom('lessons as l')
        .innerJoin('units as un', 'un.id', 'l.unit_id')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('un.course_id', '=', 'c.id')
        .where((inner) =>
          inner.or([
            inner.and([
              inner('l.type', '=', 'Video'),
              inner.exists(
                inner
                  .selectFrom('lesson_completions as lc')
                  .select('lc.id')
                  .whereRef('lc.lesson_id', '=', 'l.id')
                  .where('lc.user_id', '=', studentId),
              ),
            ]),
            inner.and([
              inner('l.type', '=', 'Quiz'),
              inner.exists(
                inner
                  .selectFrom('quiz_results as qr')
                  .select('qr.id')
                  .whereRef('qr.lesson_id', '=', 'l.id')
                  .where('qr.user_id', '=', studentId),
              ),
            ]),
          ]),
        )
        .as('completed_lessons'),
    ])
    .where('e.user_id', '=', studentId)
    .where('e.tenant_id', '=', tenantId)
    .orderBy('e.enrolled_at', 'desc')
    .execute();
}

type EnrolmentRow = Awaited<ReturnType<typeof enrolmentProgress>>[number];

const toEnrolment = (row: EnrolmentRow): AdminStudentDetail['enrollments'][number] => {
  const total = Number(row.total_lessons ?? 0);
  const done = Math.min(Number(row.completed_lessons ?? 0), total);
  return {
    courseId: row.course_id,
    courseName: row.course_name,
    enrolledAt: row.enrolled_at,
    source: row.source,
    completedLessons: done,
    totalLessons: total,
    percent: roundedPercent(done, total),
  };
};
