// Everything under /api/Admin: each route needs a live session (401) of an admin of the tenant (403).
// Also the public course images those admins upload, at /api/files/images/<name>.
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error';
import { requireAdminRole } from '../admin-guard';
import type { AdminServices } from '../admin-services';
import type { UploadStore } from '../upload-store';
import { bookRoutes } from './book-routes';
import { codeRoutes } from './code-routes';
import { courseRoutes } from './course-routes';
import { lessonRoutes } from './lesson-routes';
import { siteAdminRoutes } from './site-routes';
import { studentRoutes } from './student-routes';

export const adminRoutes: FastifyPluginAsync<{ admin: AdminServices }> = async (app, { admin }) => {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', scope.requireAuth);
      scope.addHook('onRequest', requireAdminRole);
      await scope.register(courseRoutes, admin);
      await scope.register(lessonRoutes, admin);
      await scope.register(codeRoutes, admin);
      await scope.register(studentRoutes, admin);
      await scope.register(siteAdminRoutes, admin);
      await scope.register(bookRoutes, admin);
    },
    { prefix: '/Admin' },
  );
  await app.register(imageRoutes, { uploads: admin.uploads });
};

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

const imageRoutes: FastifyPluginAsyncZod<{ uploads: UploadStore }> = async (app, { uploads }) => {
  app.get(
    '/files/images/:name',
    {
      config: { tenant: false },
      schema: { tags: ['Catalogue'], params: z.object({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const file = uploads.imageFile(request.params.name);
      if (!file) throw notFound('Image not found.');
      return reply
        .type(IMAGE_TYPES[extname(file)] ?? 'application/octet-stream')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file));
    },
  );
};
