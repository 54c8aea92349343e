import { ProfileResponse, ProfileUpdateRequest, ProfileUpdateResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import type { ProfileService } from './profile-service';

const tags = ['Profile'];

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/profile',
    { onRequest: app.requireAuth, schema: { tags, response: { 200: ProfileResponse } } },
    async (request) => {
      return { success: true, message: null, data: profile.view(sessionOf(request).user) };
    },
  );

  app.put(
    '/profile',
    {
      onRequest: app.requireAuth,
      schema: { tags, body: ProfileUpdateRequest, response: { 200: ProfileUpdateResponse } },
    },
    async (request) => {
      const { user, sessionId } = sessionOf(request);
      const data = await profile.update(user.tenant_id, user.id, sessionId, request.body);
      return { success: true, message: 'Profile updated successfully', data };
    },
  );
};
