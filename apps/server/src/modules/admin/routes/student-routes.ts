// /api/Admin/Students… and the quiz results: search students, one student's detail, end their
// device sessions, enrol them; per-course quiz summary, result lists and their CSV.
import {
  AdminQuizResultPageResponse,
  AdminSearchQuery,
  AdminStudentDetailResponse,
  AdminStudentPageResponse,
  EndedSessionsResponse,
  IdParams,
  ManualEnrollmentInput,
  QuizResultQuery,
  QuizSummaryResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import type { QuizResultsService } from '../quiz-results-service';
import type { StudentAdminService } from '../student-admin-service';
import { ok, sendCsv, tags } from './respond';

type Options = { students: StudentAdminService; results: QuizResultsService };

export const studentRoutes: FastifyPluginAsyncZod<Options> = async (app, { students, results }) => {
  app.get(
    '/Students',
    { schema: { tags, querystring: AdminSearchQuery, response: { 200: AdminStudentPageResponse } } },
    async (request) => ok(await students.list(actorOf(request).tenant.id, request.query)),
  );

  app.get(
    '/Students/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminStudentDetailResponse } } },
    async (request) => ok(await students.detail(actorOf(request).tenant.id, request.params.id)),
  );

  app.delete(
    '/Students/:id/Sessions',
    { schema: { tags, params: IdParams, response: { 200: EndedSessionsResponse } } },
    async (request) => ok(await students.endSessions(actorOf(request), request.params.id), 'Sessions ended'),
  );

  app.post(
    '/Students/:id/Enrollments',
    {
      schema: {
        tags,
        params: IdParams,
        body: ManualEnrollmentInput,
        response: { 200: AdminStudentDetailResponse },
      },
    },
    async (request) =>
      ok(
        await students.enrol(actorOf(request), request.params.id, request.body.courseId),
        'Enrolled successfully',
      ),
  );

  app.get(
    '/Courses/:id/QuizSummary',
    { schema: { tags, params: IdParams, response: { 200: QuizSummaryResponse } } },
    async (request) => ok(await results.summary(actorOf(request).tenant.id, request.params.id)),
  );

  app.get(
    '/QuizResults',
    { schema: { tags, querystring: QuizResultQuery, response: { 200: AdminQuizResultPageResponse } } },
    async (request) => ok(await results.results(actorOf(request).tenant.id, request.query)),
  );

  app.get('/QuizResults/Export', { schema: { tags, querystring: QuizResultQuery } }, async (request, reply) =>
    sendCsv(reply, await results.exportCsv(actorOf(request).tenant.id, request.query)),
  );
};
