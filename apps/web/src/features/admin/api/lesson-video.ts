// A lesson's uploaded video (decision 0012): GET /api/Admin/Video/support (is ffmpeg there),
// GET /api/Admin/Lessons/{id}/Video (the job's state, read again every 2 s while it is queued or
// running), POST /api/Admin/Videos/{id}/retry and /cancel, DELETE /api/Admin/Lessons/{id}/Video.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';
import {
  AdminVideoResponse,
  LessonVideoStateResponse,
  VideoSupportResponse,
  type LessonVideoState,
} from '@app/contract';

export const VIDEO_POLL_MS = 2000;

export const videoSupportQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.videoSupport,
    queryFn: async () =>
      unwrap(await apiRequest('/api/Admin/Video/support', { schema: VideoSupportResponse })),
    staleTime: 5 * 60_000,
  });

export const useVideoSupport = (enabled = true) => useQuery({ ...videoSupportQueryOptions(), enabled });

const working = (state: LessonVideoState | undefined) =>
  state?.latest?.status === 'queued' || state?.latest?.status === 'running';

export const lessonVideoQueryOptions = (lessonId: number, initialData?: LessonVideoState) =>
  queryOptions({
    initialData,
    queryKey: adminKeys.lessonVideo(lessonId),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/Lessons/${lessonId}/Video`, { schema: LessonVideoStateResponse })),
    refetchInterval: (query) => (working(query.state.data) ? VIDEO_POLL_MS : false),
  });

/** `initial`: the state the lesson's own answer carried (AdminLesson.video), shown until read again. */
export const useLessonVideo = (lessonId: number, initial?: LessonVideoState) =>
  useQuery(lessonVideoQueryOptions(lessonId, initial));

type VideoAction = { lessonId: number; videoId: number; action: 'retry' | 'cancel' };

export const useVideoJobAction = () =>
  useAdminMutation(
    ({ videoId, action }: VideoAction) =>
      apiRequest(`/api/Admin/Videos/${videoId}/${action}`, { method: 'POST', schema: AdminVideoResponse }),
    ({ lessonId }) => [adminKeys.lessonVideo(lessonId)],
  );

export const useStopUploadedVideo = () =>
  useAdminMutation(
    ({ lessonId }: { lessonId: number }) =>
      apiRequest(`/api/Admin/Lessons/${lessonId}/Video`, {
        method: 'DELETE',
        schema: LessonVideoStateResponse,
      }),
    ({ lessonId }) => [adminKeys.lessonVideo(lessonId), adminKeys.lesson(lessonId)],
  );
