// A student's exam attempts (decision 0013): POST /api/Student/quizattempt/start and PUT
// /api/Student/quizattempt/answers. The content and the submission stay on the quiz's own routes
// (modules/learning/routes.ts), which hand an exam to the same service.
import {
  ExamQuizContentResponse,
  SaveAnswersRequest,
  SavedAnswersResponse,
  StartAttemptRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import { tenantOf } from '../../plugins/tenant';
import type { ExamAttemptService } from './attempt-service';

const tags = ['Learning'];

export const attemptRoutes: FastifyPluginAsyncZod<{ attempts: ExamAttemptService }> = async (app, opts) => {
  const { attempts } = opts;
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/Student/quizattempt/start',
    {
      ...auth,
      schema: { tags, body: StartAttemptRequest, response: { 200: ExamQuizContentResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { opened, ...fields } = await attempts.start(tenantOf(request), user.id, request.body.lessonId);
      const { lesson } = opened;
      const data = {
        id: lesson.id,
        lessonName: lesson.name,
        type: 'Quiz' as const,
        titel: lesson.titel,
        ...fields,
      };
      return { success: true, message: null, data };
    },
  );

  app.put(
    '/Student/quizattempt/answers',
    {
      ...auth,
      // A save under way is never shed by load (plugins/load-shedding.ts): its answers would be lost.
      config: { continuesWork: true },
      schema: { tags, body: SaveAnswersRequest, response: { 200: SavedAnswersResponse } },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const data = await attempts.save(tenantOf(request), user.id, request.body);
      return { success: true, message: 'Answers saved', data };
    },
  );
};
