// The enrolled student's course tree with progress, lesson content and video completion.
import type { CourseWithProgress, LessonContent } from '@app/contract';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { COURSE_NOT_FOUND } from '../catalogue/catalogue-service';
import { composeCourseName } from '../catalogue/course-view';
import type { AttachmentLinks } from './attachment-links';
import { NOT_ENROLLED, type LessonAccess } from './lesson-access';
import { groupIntoUnits, lessonRows, unitsOfCourse } from './lesson-rows';
import type { QuizService } from './quiz-service';

export const NOT_A_VIDEO = 'Only video lessons can be completed';

type Deps = {
  db: Db;
  clock: Clock;
  access: LessonAccess;
  quizzes: QuizService;
  attachments: AttachmentLinks;
};

export class ProgressService {
  constructor(private readonly deps: Deps) {}

  async courseWithProgress(tenant: Tenant, userId: number, courseId: number): Promise<CourseWithProgress> {
    const { db } = this.deps;
    const course = await db
      .selectFrom('courses')
      .select(['id', 'name', 'subject', 'open_to_all'])
      .where('tenant_id', '=', tenant.id)
      .where('id', '=', courseId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const enrollment = await db
      .selectFrom('enrollments')
      .select('enrolled_at')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    if (!enrollment) throw forbidden(NOT_ENROLLED);
    const [units, rows] = await Promise.all([
      unitsOfCourse(db, courseId),
      lessonRows(db, { courseId }, userId),
    ]);
    return {
      id: course.id,
      courseName: composeCourseName(course.subject, course.name),
      enrollmentDate: enrollment.enrolled_at,
      isOpenToAll: course.open_to_all === 1,
      units: groupIntoUnits(units, rows),
    };
  }

  async lessonContent(tenant: Tenant, userId: number, lessonId: number): Promise<LessonContent> {
    const { access, quizzes, attachments } = this.deps;
    const { lesson, row } = await access.open(tenant, userId, lessonId);
    if (lesson.type === 'Quiz') {
      return {
        id: lesson.id,
        lessonName: lesson.name,
        type: 'Quiz',
        titel: lesson.titel,
        ...(await quizzes.content(userId, lesson.id)),
      };
    }
    return {
      id: lesson.id,
      lessonName: lesson.name,
      type: 'Video',
      videoUrl: lesson.video_url,
      attachmentUrl: lesson.attachment_file
        ? attachments.signedUrl({ tenantId: tenant.id, lessonId: lesson.id, userId })
        : lesson.attachment_url,
      attachmentTitle: lesson.attachment_title,
      isCompleted: row.completed !== null,
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
