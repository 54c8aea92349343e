// /api/Student/*, /api/AdminStudent/IsEnrolled, /api/Course/tree-course-with-progress,
// /api/quizresult/submit and the signed attachment download.
import { createReadStream, existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import {
  ClientGradedQuiz,
  envelope,
  ExamQuizContent,
  ExamResult,
  LessonContent,
  AddCourseByCodeQuery,
  AddCourseByCodeResponse,
  CourseIdQuery,
  CoursePageResponse,
  CourseWithProgressResponse,
  EnrolledCoursesQuery,
  IdParams,
  IsEnrolledQuery,
  MessageOnly,
  QuizSubmitBody,
} from '@app/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { sessionOf } from '../../plugins/auth';
import { clientAddressOf, tenantOf } from '../../plugins/tenant';
import { runAsTenant } from '../../lib/tenant-context';
import type { TenantDirectory } from '../tenants/directory';
import type { AttachmentLinks } from './attachment-links';
import { assertSelf, type EnrolmentService } from './enrolment-service';
import { LESSON_NOT_FOUND, type LessonAccess } from './lesson-access';
import { downloadName, type ProgressService } from './progress-service';
import { clientGradedSubmission, quizGraderFor } from './quiz-grader';
import type { ExamRehearsals } from '../exams/exam-rehearsal';
import type { QuizService } from './quiz-service';

type Options = {
  enrolment: EnrolmentService;
  progress: ProgressService;
  quizzes: QuizService;
  access: LessonAccess;
  attachments: AttachmentLinks;
  tenants: TenantDirectory;
  uploadsDir: string;
  rehearsals: ExamRehearsals;
};

const tags = ['Learning'];

// An exam's content and result carry more than a plain quiz's (decision 0013: `exam`, `passed`, ...);
// a plain quiz's answer is the same under these schemas, its extra fields being optional.
const ServedContentResponse = envelope(z.union([ExamQuizContent, LessonContent, ClientGradedQuiz]));
const SubmitResponse = envelope(ExamResult);
export const QUIZ_UNAUTHORIZED = 'You are not authorized to submit quiz results';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.zip': 'application/zip',
};

export const learningRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { enrolment, progress, quizzes } = opts;
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/Student/Student-Enrolled-Courses',
    {
      ...auth,
      schema: { tags, querystring: EnrolledCoursesQuery, response: { 200: CoursePageResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => {
      const { user } = sessionOf(request);
      assertSelf(user.id, request.query.studentId);
      const data = await enrolment.enrolledCourses(
        user.tenant_id,
        user.id,
        request.query.pagenumber,
        request.query.pagesize,
      );
      return { success: true, message: null, data };
    },
  );

  app.get(
    '/AdminStudent/IsEnrolled',
    { ...auth, schema: { tags, querystring: IsEnrolledQuery, response: { 200: z.boolean() } } },
    async (request) => {
      const { user } = sessionOf(request);
      assertSelf(user.id, request.query.studentId);
      return enrolment.isEnrolled(user.id, request.query.courseId);
    },
  );

  app.post(
    '/Student/add-course-by-code',
    {
      ...auth,
      schema: { tags, querystring: AddCourseByCodeQuery, response: { 200: AddCourseByCodeResponse } },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { Code, StudentId, courseId } = request.query;
      assertSelf(user.id, StudentId);
      const tenant = tenantOf(request);
      const code = Code?.trim() ?? '';
      const data =
        code === '' && courseId !== undefined
          ? await enrolment.enrolFree(tenant, user.id, courseId)
          : await enrolment.enrolByCode(tenant, user.id, code, clientAddressOf(request));
      return { success: true, message: 'Enrolled successfully', data };
    },
  );

  app.get(
    '/Course/tree-course-with-progress',
    { ...auth, schema: { tags, querystring: CourseIdQuery, response: { 200: CourseWithProgressResponse } } },
    async (request) => {
      const { user } = sessionOf(request);
      const data = await progress.courseWithProgress(tenantOf(request), user.id, request.query.courseid);
      return { success: true, message: null, data };
    },
  );

  app.get(
    '/Student/contentlesson/:id',
    {
      ...auth,
      schema: { tags, params: IdParams, response: { 200: ServedContentResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => {
      const { user, sessionId } = sessionOf(request);
      const tenant = tenantOf(request);
      const grader = quizGraderFor(tenant, request);
      const data = await progress.lessonContent(
        tenant,
        { userId: user.id, sessionId },
        request.params.id,
        grader,
      );
      // A student reading an exam open now warms its start path for the grade (decision 0015).
      if (!Array.isArray(data) && 'exam' in data && data.exam)
        void opts.rehearsals.warmOnRead(tenant, data.id, data.exam);
      return { success: true, message: null, data };
    },
  );

  app.post(
    '/Student/lesson-complete/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      const { user } = sessionOf(request);
      await progress.completeVideo(tenantOf(request), user.id, request.params.id);
      return { success: true, message: 'Lesson completed', data: null };
    },
  );

  app.post(
    '/quizresult/submit',
    {
      onRequest: app.requireAuthWith(QUIZ_UNAUTHORIZED),
      // The end of an attempt under way is never shed by load (plugins/load-shedding.ts).
      config: { continuesWork: true },
      schema: { tags, body: QuizSubmitBody, response: { 200: SubmitResponse } },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const tenant = tenantOf(request);
      const { answers } = request.body;
      // Answers: the server grades. None: an existing client's own score, where it may send one.
      const data = answers
        ? await quizzes.submit(tenant, user.id, { ...request.body, answers })
        : await quizzes.submitClientGraded(
            tenant,
            user.id,
            clientGradedSubmission(quizGraderFor(tenant, request), request.body),
          );
      return { success: true, message: 'Quiz submitted', data };
    },
  );

  app.get(
    '/files/attachments/:id/:name',
    {
      config: { tenant: false },
      schema: {
        tags,
        params: IdParams.extend({ name: z.string().max(300) }),
        querystring: z.object({ sig: z.string().max(2048) }),
      },
    },
    async (request, reply) => {
      const lessonId = request.params.id;
      const link = opts.attachments.verify(lessonId, request.query.sig);
      const tenant = link ? await opts.tenants.byId(link.tenantId) : null;
      if (!link || !tenant) throw notFound(LESSON_NOT_FOUND);
      // A signed link carries no X-Tenant-ID: it names the tenant, and the lookup runs in it.
      const { lesson } = await runAsTenant(tenant.id, () => opts.access.open(tenant, link.userId, lessonId));
      const root = resolve(opts.uploadsDir);
      const file = lesson.attachment_file ? resolve(join(root, lesson.attachment_file)) : null;
      if (!file || !file.startsWith(`${root}/`) || !existsSync(file)) throw notFound(LESSON_NOT_FOUND);
      const extension = extname(file).toLowerCase();
      const name = downloadName(lesson.attachment_title, lesson.attachment_file!);
      return reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('Cache-Control', 'private, max-age=600')
        .send(createReadStream(file));
    },
  );
};
