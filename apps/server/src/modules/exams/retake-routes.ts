// PUT /api/Admin/Lessons/{id}/Students/{userId}/Retake (decision 0013, "One student's retake"): the
// statistics' locked-out student given one more attempt. Admins of the tenant only, like every
// /api/Admin route (401 without a session, 403 to a student); another school's lesson is 404, and so
// is another school's student (they have no result in this lesson).
import { RetakeGrantResponse, RetakeParams } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdminRole } from '../admin/admin-guard';
import { ok, tags } from '../admin/routes/respond';
import type { RetakeService } from './retake-service';

type Options = { retakes: RetakeService };

export const retakeRoutes: FastifyPluginAsyncZod<Options> = async (app, { retakes }) => {
  app.addHook('onRequest', app.requireAuth);
  app.addHook('onRequest', requireAdminRole);

  app.put(
    '/Lessons/:id/Students/:userId/Retake',
    { schema: { tags, params: RetakeParams, response: { 200: RetakeGrantResponse } } },
    async (request) =>
      ok(await retakes.grant(actorOf(request), request.params.id, request.params.userId), 'Retake allowed'),
  );
};
