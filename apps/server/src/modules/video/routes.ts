// Every video route an admin calls (decision 0012), under /api/Admin: the JSON routes and the tus
// upload, behind the same session and role checks as the rest of the administration. The embedded
// job queue starts once the app is ready (after the migrations).
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminRole } from '../admin/admin-guard';
import { videoAdminRoutes } from './admin-routes';
import { videoUploadRoutes } from './upload-routes';
import type { VideoServices } from './video-services';

type Options = { video: VideoServices; maxUploadBytes: number; corsOrigins: string[] };

export const videoRoutes: FastifyPluginAsync<Options> = async (
  app,
  { video, maxUploadBytes, corsOrigins },
) => {
  app.addHook('onReady', () => video.start());
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', scope.requireAuth);
      scope.addHook('onRequest', requireAdminRole);
      await scope.register(videoAdminRoutes, { videos: video.admin });
      await scope.register(videoUploadRoutes, {
        uploads: video.uploads,
        directory: video.tusDir,
        maxUploadBytes,
        corsOrigins,
        ffmpegReady: video.ffmpegReady,
      });
    },
    { prefix: '/Admin' },
  );
};
