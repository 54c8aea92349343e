// /api/Admin/Lessons/{id}/QuizStatistics and its CSV (decision 0013, «إحصاءات الاختبار»), and
// …/Students/{userId}/Retake, which lets one of the statistics' locked-out students start one more
// attempt ("One student's retake"), and the DELETE that takes that back before it is used. Admins
// of the tenant only, like every /api/Admin route (401 without a session, 403 to a student); another
// school's lesson is 404, a video lesson 400.
import {
  IdParams,
  QuizStatisticsResponse,
  RetakeGrantResponse,
  RetakeParams,
  RetakeWithdrawalResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdminRole } from '../admin/admin-guard';
import { ok, sendCsv, tags } from '../admin/routes/respond';
import type { QuizStatisticsService } from './quiz-statistics-service';
import type { RetakeService } from './retake-service';

type Options = { statistics: QuizStatisticsService; retakes: RetakeService };

export const quizStatisticsRoutes: FastifyPluginAsyncZod<Options> = async (app, { statistics, retakes }) => {
  app.addHook('onRequest', app.requireAuth);
  app.addHook('onRequest', requireAdminRole);

  app.get(
    '/Lessons/:id/QuizStatistics',
    { schema: { tags, params: IdParams, response: { 200: QuizStatisticsResponse } } },
    async (request) => ok(await statistics.statistics(actorOf(request).tenant.id, request.params.id)),
  );

  app.get(
    '/Lessons/:id/QuizStatistics/Export',
    { schema: { tags, params: IdParams } },
    async (request, reply) =>
      sendCsv(reply, await statistics.exportCsv(actorOf(request).tenant.id, request.params.id)),
  );

  app.put(
    '/Lessons/:id/Students/:userId/Retake',
    { schema: { tags, params: RetakeParams, response: { 200: RetakeGrantResponse } } },
    async (request) =>
      ok(await retakes.grant(actorOf(request), request.params.id, request.params.userId), 'Retake allowed'),
  );

  app.delete(
    '/Lessons/:id/Students/:userId/Retake',
    { schema: { tags, params: RetakeParams, response: { 200: RetakeWithdrawalResponse } } },
    async (request) =>
      ok(
        await retakes.withdraw(actorOf(request), request.params.id, request.params.userId),
        'Retake withdrawn',
      ),
  );
};
