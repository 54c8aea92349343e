// The enrolled student's course tree with progress, lesson content and video completion.
import { basename, extname } from 'node:path';
import type { CourseWithProgress, LessonContent } from '@app/contract';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { COURSE_NOT_FOUND } from '../catalogue/catalogue-service';
import { composeCourseName } from '../catalogue/course-view';
import type { AttachmentLinks } from './attachment-links';
import { NOT_ENROLLED, type LessonAccess } from './lesson-access';
import { unitRefs, type StudentProgress } from './student-progress';
import type { QuizService } from './quiz-service';

export const NOT_A_VIDEO = 'Only video lessons can be completed';

type Deps = {
  db: Db;
  clock: Clock;
  access: LessonAccess;
  quizzes: QuizService;
  attachments: AttachmentLinks;
  catalogue: CatalogueCache;
  progress: StudentProgress;
};

export class ProgressService {
  private readonly enrollmentRow;

  constructor(private readonly deps: Deps) {
    this.enrollmentRow = prepare<{ userId: number; courseId: number }, { enrolled_at: string }>(
      deps.db,
      (q) =>
        q
          .selectFrom('enrollments')
          .select('enrolled_at')
          .where('user_id', '=', param<number>('userId'))
          .where('course_id', '=', param<number>('courseId')),
    );
  }

  async courseWithProgress(tenant: Tenant, userId: number, courseId: number): Promise<CourseWithProgress> {
    const { catalogue, progress } = this.deps;
    const course = await catalogue.structure(tenant.id, courseId);
    if (!course || !course.active) throw notFound(COURSE_NOT_FOUND);
    const [enrollment, studentProgress] = await Promise.all([
      this.enrollmentRow.first({ userId, courseId }),
      progress.of(userId),
    ]);
    if (!enrollment) throw forbidden(NOT_ENROLLED);
    return {
      id: course.id,
      courseName: composeCourseName(course.subject, course.name),
      enrollmentDate: enrollment.enrolled_at,
      isOpenToAll: course.openToAll,
      units: unitRefs(course.units, studentProgress),
      timeZone: tenant.time_zone,
    };
  }

  async lessonContent(tenant: Tenant, userId: number, lessonId: number): Promise<LessonContent> {
    const { access, quizzes, attachments } = this.deps;
    const { lesson, ref } = await access.open(tenant, userId, lessonId);
    if (lesson.type === 'Quiz') {
      return {
        id: lesson.id,
        lessonName: lesson.name,
        type: 'Quiz',
        titel: lesson.titel,
        ...(await quizzes.content(tenant, userId, lesson.id)),
      };
    }
    return {
      id: lesson.id,
      lessonName: lesson.name,
      type: 'Video',
      videoUrl: lesson.video_url,
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
