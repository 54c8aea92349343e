// The enrolled student's course tree with progress, lesson content and video completion.
import { basename, extname } from 'node:path';
import type { ClientGradedQuiz, CourseWithProgress, ExamQuizContent, LessonContent } from '@app/contract';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { COURSE_NOT_FOUND } from '../catalogue/catalogue-service';
import { composeCourseName } from '../catalogue/course-view';
import type { LessonVideo } from '../video/playback/lesson-video';
import type { AttachmentLinks } from './attachment-links';
import { NOT_ENROLLED, type LessonAccess } from './lesson-access';
import { progressOf, unitRefs, type ProgressColumns, type StudentProgress } from './student-progress';
import type { QuizGrader } from './quiz-grader';
import type { QuizService } from './quiz-service';

export const NOT_A_VIDEO = 'Only video lessons can be completed';

type Deps = {
  db: Db;
  clock: Clock;
  access: LessonAccess;
  quizzes: QuizService;
  attachments: AttachmentLinks;
  video: LessonVideo;
  catalogue: CatalogueCache;
  progress: StudentProgress;
};

type EnrolmentRow = ProgressColumns & { enrolled_at: string };

export class ProgressService {
  private readonly enrolmentRow;

  constructor(private readonly deps: Deps) {
    const userId = param<number>('userId');
    const courseId = param<number>('courseId');
    // One round trip: the enrolment with the student's progress.
    this.enrolmentRow = prepare<{ userId: number; courseId: number }, EnrolmentRow>(deps.db, (q) =>
      q
        .selectFrom('enrollments')
        .select(['enrolled_at', ...deps.progress.ofStudent(userId)])
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId),
    );
  }

  async courseWithProgress(tenant: Tenant, userId: number, courseId: number): Promise<CourseWithProgress> {
    const [course, enrolment] = await Promise.all([
      this.deps.catalogue.structure(tenant.id, courseId),
      this.enrolmentRow.first({ userId, courseId }),
    ]);
    if (!course || !course.active) throw notFound(COURSE_NOT_FOUND);
    if (!enrolment) throw forbidden(NOT_ENROLLED);
    return {
      id: course.id,
      courseName: composeCourseName(course.subject, course.name),
      enrollmentDate: enrolment.enrolled_at,
      isOpenToAll: course.openToAll,
      units: unitRefs(course.units, progressOf(enrolment)),
      timeZone: tenant.time_zone,
    };
  }

  /** A quiz graded by an existing client (quiz-grader.ts) is the spec's array of questions. */
  async lessonContent(
    tenant: Tenant,
    session: { userId: number; sessionId: string },
    lessonId: number,
    grader: QuizGrader = 'server',
  ): Promise<LessonContent | ExamQuizContent | ClientGradedQuiz> {
    const { access, quizzes, attachments, video } = this.deps;
    const { userId, sessionId } = session;
    const opened = await access.open(tenant, userId, lessonId);
    const { lesson, ref } = opened;
    if (lesson.type === 'Quiz' && grader === 'client') return quizzes.clientContent(tenant, userId, opened);
    if (lesson.type === 'Quiz') {
      return {
        id: lesson.id,
        lessonName: lesson.name,
        type: 'Quiz',
        titel: lesson.titel,
        ...(await quizzes.content(tenant, userId, opened)),
      };
    }
    return {
      id: lesson.id,
      lessonName: lesson.name,
      type: 'Video',
      ...video.fields({ tenantId: tenant.id, sessionId }, lesson),
      attachmentUrl: lesson.attachment_file
        ? attachments.signedUrl(
            { tenantId: tenant.id, lessonId: lesson.id, userId },
            downloadName(lesson.attachment_title, lesson.attachment_file),
          )
        : lesson.attachment_url,
      attachmentTitle: lesson.attachment_title,
      liveSessionUrl: lesson.live_session_url,
      isCompleted: ref.isCompleted,
    };
  }

  /** Idempotent: completing a completed video is a success that changes nothing. */
  async completeVideo(tenant: Tenant, userId: number, lessonId: number): Promise<void> {
    const { db, clock, access } = this.deps;
    const { lesson } = await access.open(tenant, userId, lessonId);
    if (lesson.type !== 'Video') throw badRequest(NOT_A_VIDEO);
    await db
      .insertInto('lesson_completions')
      .values({
        tenant_id: tenant.id,
        user_id: userId,
        lesson_id: lesson.id,
        completed_at: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The attachment's title with the stored file's extension, e.g. 'ملزمة الوحدة الأولى.pdf'. */
export function downloadName(title: string | null, file: string): string {
  const extension = extname(file).toLowerCase();
  const base = (title ?? basename(file, extension)).replace(/["\\/\r\n]/g, '').trim() || 'attachment';
  return `${base}${extension}`;
}
