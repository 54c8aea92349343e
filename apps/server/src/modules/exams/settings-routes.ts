// /api/Admin/Lessons/{id}/QuizSettings (decision 0013): read, write and remove a quiz's exam settings.
// Admins of the tenant only, like every /api/Admin route (401 without a session, 403 to a student);
// another school's lesson is 404.
import { IdParams, QuizSettingsInput, QuizSettingsResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdminRole } from '../admin/admin-guard';
import { ok, tags } from '../admin/routes/respond';
import type { QuizSettingsService } from './quiz-settings-service';

type Options = { quizSettings: QuizSettingsService };

export const quizSettingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { quizSettings }) => {
  app.addHook('onRequest', app.requireAuth);
  app.addHook('onRequest', requireAdminRole);

  const schema = { tags, params: IdParams, response: { 200: QuizSettingsResponse } };

  app.get('/Lessons/:id/QuizSettings', { schema }, async (request) =>
    ok(await quizSettings.get(actorOf(request).tenant.id, request.params.id)),
  );

  app.put('/Lessons/:id/QuizSettings', { schema: { ...schema, body: QuizSettingsInput } }, async (request) =>
    ok(await quizSettings.update(actorOf(request), request.params.id, request.body), 'Quiz settings saved'),
  );

  app.delete('/Lessons/:id/QuizSettings', { schema }, async (request) =>
    ok(await quizSettings.remove(actorOf(request), request.params.id), 'Quiz settings removed'),
  );
};
