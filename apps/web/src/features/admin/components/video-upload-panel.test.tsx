// Issue 19: a saved video lesson's «رفع فيديو» — the tus upload (tus-js-client is the network
// boundary here, replaced by a fake that the test drives), its progress in Arabic-Indic digits
// across a dropped connection and a reload, the job's state polled from the server, retry, cancel,
// stopping the uploaded video, and the notice when the server has no ffmpeg.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { resetVideoUploads } from '../hooks/use-video-upload';
import type { AdminVideo, LessonVideoState } from '@app/contract';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminLesson } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

type FakeOptions = {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  storeFingerprintForResuming: boolean;
  headers: Record<string, string>;
  metadata: Record<string, string>;
  onBeforeRequest: (request: { setHeader: (name: string, value: string) => void }) => Promise<void>;
  onShouldRetry: (error: unknown, attempt: number) => boolean;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: unknown) => void;
};

const tus = vi.hoisted(() => ({
  uploads: [] as {
    file: File;
    options: FakeOptions;
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumed: unknown;
  }[],
  previous: [] as unknown[],
  stored: [] as { urlStorageKey: string; metadata: Record<string, string> }[],
}));

vi.mock('tus-js-client', () => {
  class DetailedError extends Error {
    originalResponse: { getStatus: () => number; getBody: () => string } | null = null;
  }
  return {
    DetailedError,
    defaultOptions: {
      urlStorage: {
        findAllUploads: () => Promise.resolve(tus.stored),
        removeUpload: (key: string) => {
          tus.stored = tus.stored.filter((entry) => entry.urlStorageKey !== key);
          return Promise.resolve();
        },
      },
    },
    Upload: class {
      start = vi.fn();
      abort = vi.fn(() => Promise.resolve());
      resumed: unknown = null;
      constructor(
        public file: File,
        public options: FakeOptions,
      ) {
        tus.uploads.push(this);
      }
      findPreviousUploads = () => Promise.resolve(tus.previous);
      resumeFromPreviousUpload = (previous: unknown) => {
        this.resumed = previous;
      };
    },
  };
});

const LESSON = 61;
const GB = 1024 ** 3;
const video = (over: Partial<AdminVideo> = {}): AdminVideo => ({
  id: 7,
  status: 'queued',
  progress: 0,
  error: null,
  durationSeconds: null,
  renditions: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

function renderLesson({
  ffmpeg = true,
  state = { playing: null, latest: null },
  extra = {},
}: {
  ffmpeg?: boolean;
  state?: LessonVideoState | (() => LessonVideoState);
  extra?: Record<string, unknown>;
} = {}) {
  const calls = fakeAdminApi({
    [`GET /api/Admin/Lessons/${LESSON}`]: adminLesson({ id: LESSON, type: 'Video', name: 'الدرس الأول' }),
    'GET /api/Admin/Video/support': { ffmpeg, maxUploadBytes: 4 * GB },
    [`GET /api/Admin/Lessons/${LESSON}/Video`]: () =>
      envelope(200, null, typeof state === 'function' ? state() : state),
    [`GET /api/Admin/Lessons/${LESSON}/Captions`]: [],
    ...extra,
  });
  return { calls, ...renderAdmin(`/admin/lessons/${LESSON}`) };
}

const fileOf = (name: string, bytes: number) => {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

async function choose(user: ReturnType<typeof renderAdmin>['user'], file: File) {
  await user.upload(await screen.findByLabelText('ملف الفيديو'), file);
  await waitFor(() => expect(tus.uploads.at(-1)?.start).toHaveBeenCalled());
  return tus.uploads.at(-1)!;
}

/** A tus error with the server's answer, as tus-js-client reports it. */
async function httpError(status: number, body = '') {
  const { DetailedError } = await import('tus-js-client');
  const error = new DetailedError('HTTP error') as any;
  error.originalResponse = { getStatus: () => status, getBody: () => body };
  return error;
}

const progress = () => screen.getByRole('progressbar', { name: 'تقدّم رفع الفيديو' });

beforeEach(() => {
  tus.uploads.length = 0;
  tus.previous = [];
  tus.stored = [];
});
afterEach(() => {
  resetVideoUploads();
});

describe('Lesson form: uploading a video', () => {
  it('uploads the chosen file with tus to the lesson, in 8 MiB chunks, with the app headers and the token', async () => {
    const { user } = renderLesson();
    const upload = await choose(user, fileOf('الدرس.mp4', 100 * 1024 ** 2));
    const { options } = upload;
    expect(options.endpoint).toBe(`${window.location.origin}/api/Admin/Lessons/${LESSON}/Video/upload`);
    expect(options.chunkSize).toBe(8 * 1024 * 1024);
    expect(options.retryDelays.length).toBeGreaterThan(3);
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(options.headers['X-Tenant-ID']).toBeTruthy();
    expect(options.metadata).toMatchObject({ filename: 'الدرس.mp4', filetype: 'video/mp4' });
    const headers: Record<string, string> = {};
    await options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers.Authorization).toBe('Bearer test-access-token');
  });

  it('shows the progress in Arabic-Indic digits, keeps it through a dropped connection, and resumes', async () => {
    const { user } = renderLesson();
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    act(() => upload.options.onProgress(84, 200));
    expect(progress()).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('٤٢٪')).toBeInTheDocument();
    expect(screen.getByText('جارٍ رفع «lesson.mp4»')).toBeInTheDocument();
    // tus retries a dropped connection by itself; when its retries are used up the panel waits.
    expect(upload.options.onShouldRetry(new Error('network'), 0)).toBe(true);
    act(() => upload.options.onError(new Error('network')));
    expect(screen.getByText('انقطع الاتصال: سيُستأنف الرفع تلقائيًا عند عودته.')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '42');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(upload.start).toHaveBeenCalledTimes(2);
    act(() => upload.options.onProgress(150, 200));
    expect(screen.getByText('٧٥٪')).toBeInTheDocument();
  });

  it('after a reload, names the unfinished upload, and the same file continues from where it stopped', async () => {
    const endpoint = `${window.location.origin}/api/Admin/Lessons/${LESSON}/Video/upload`;
    const previous = {
      urlStorageKey: `tus::tus-br-lesson.mp4-video/mp4-200-1-${endpoint}::1`,
      metadata: { filename: 'lesson.mp4' },
      creationTime: '2026-11-25T10:00:00.000Z',
      uploadUrl: `${endpoint}/abc`,
    };
    tus.stored = [previous];
    tus.previous = [previous];
    const { user } = renderLesson();
    expect(
      await screen.findByText('لم يكتمل رفع «lesson.mp4»: اختر الملف نفسه ليُستكمل من حيث توقّف.'),
    ).toBeInTheDocument();
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    expect(upload.resumed).toBe(previous);
    act(() => upload.options.onProgress(120, 200));
    expect(screen.getByText('٦٠٪')).toBeInTheDocument();
  });

  it('renews an expired token once and goes on; asks before the tab is closed mid-upload', async () => {
    const { user } = renderLesson({
      extra: { 'POST /api/Auth/refresh-token': { token: 'renewed-token' } },
    });
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    expect(upload.options.onShouldRetry(await httpError(401), 0)).toBe(true);
    const headers: Record<string, string> = {};
    await upload.options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers.Authorization).toBe('Bearer renewed-token');
    expect(upload.options.onShouldRetry(await httpError(401), 1)).toBe(false);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });

  it('does not retry when the server has no ffmpeg, and says so', async () => {
    const { user } = renderLesson();
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    const missing = await httpError(503, 'Video processing is not installed on this server (ffmpeg)');
    expect(upload.options.onShouldRetry(missing, 0)).toBe(false);
    act(() => upload.options.onError(missing));
    expect(await screen.findByText('معالجة الفيديو غير مثبّتة على هذا الخادم (ffmpeg).')).toBeInTheDocument();
    // A server that is only busy is tried again.
    expect(upload.options.onShouldRetry(await httpError(503, 'busy'), 0)).toBe(true);
  });

  it('refuses a file over the server limit before sending anything', async () => {
    const { user } = renderLesson();
    await user.upload(await screen.findByLabelText('ملف الفيديو'), fileOf('big.mp4', 5 * GB));
    expect(await screen.findByText('الملف أكبر من الحد المسموح (٤ جيجابايت).')).toBeInTheDocument();
    expect(tus.uploads).toHaveLength(0);
  });

  it('cancels an upload under way: tus removes it from the server', async () => {
    const { user } = renderLesson();
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    await user.click(screen.getByRole('button', { name: 'إلغاء الرفع' }));
    expect(upload.abort).toHaveBeenCalledWith(true);
    expect(await screen.findByLabelText('ملف الفيديو')).toBeInTheDocument();
  });

  it('when done, reads the job state: queued at once', async () => {
    let state: LessonVideoState = { playing: null, latest: null };
    const { user, calls } = renderLesson({ state: () => state });
    expect(await screen.findByText('لم يُرفع فيديو لهذا الدرس بعد: يُشغَّل رابط الفيديو.')).toBeInTheDocument();
    const upload = await choose(user, fileOf('lesson.mp4', 200));
    state = { playing: null, latest: video({ status: 'queued' }) };
    act(() => upload.options.onSuccess());
    expect(await screen.findByTestId('video-job-status')).toHaveTextContent('في الانتظار');
    expect(callsTo(calls, `GET /api/Admin/Lessons/${LESSON}/Video`).length).toBeGreaterThanOrEqual(2);
  });

  it('instead of the upload, tells that the operator must install ffmpeg', async () => {
    renderLesson({ ffmpeg: false });
    expect(await screen.findByText(/على مشغّل المنصة تثبيت ffmpeg/)).toBeInTheDocument();
    expect(screen.queryByLabelText('ملف الفيديو')).toBeNull();
  });

  it('a new lesson asks to be saved first', async () => {
    fakeAdminApi({ 'GET /api/Admin/Courses/9': { id: 9, units: [] } });
    renderAdmin('/admin/courses/9/units/5/lessons/new/Video');
    expect(
      await screen.findByText('احفظ الدرس أولًا، ثم ارجع إليه لرفع الفيديو وملفات الترجمة.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('ملف الفيديو')).toBeNull();
  });
});

describe('Lesson form: the job state', () => {
  it('polls a running job and shows «جارٍ التحويل ٤٢٪», then «جاهز» with its renditions', async () => {
    let state: LessonVideoState = { playing: null, latest: video({ status: 'running', progress: 42 }) };
    renderLesson({ state: () => state });
    expect(await screen.findByTestId('video-job-status')).toHaveTextContent('جارٍ التحويل ٤٢٪');
    expect(screen.getByRole('progressbar', { name: 'تقدّم تحويل الفيديو' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    const ready = video({ status: 'ready', progress: 100, renditions: [720, 240, 480, 360] });
    state = { playing: ready, latest: ready };
    await waitFor(() => expect(screen.getByTestId('video-job-status')).toHaveTextContent('جاهز'), {
      timeout: 4000,
    });
    expect(screen.getByText('الجودات: ٢٤٠، ٣٦٠، ٤٨٠، ٧٢٠')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إلغاء' })).toBeNull();
  });

  it('cancels a queued job', async () => {
    const { user, calls } = renderLesson({
      state: { playing: null, latest: video({ status: 'queued' }) },
      extra: { 'POST /api/Admin/Videos/7/cancel': video({ status: 'cancelled' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/Admin/Videos/7/cancel')).toHaveLength(1));
  });

  it("shows a failure with ffmpeg's message and retries it", async () => {
    const { user, calls } = renderLesson({
      state: {
        playing: null,
        latest: video({ status: 'failed', error: 'Invalid data found when processing input' }),
      },
      extra: { 'POST /api/Admin/Videos/7/retry': video({ status: 'queued' }) },
    });
    expect(await screen.findByTestId('video-job-status')).toHaveTextContent(
      'فشل: Invalid data found when processing input',
    );
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/Admin/Videos/7/retry')).toHaveLength(1));
  });

  it('stops using the uploaded video, after asking', async () => {
    const ready = video({ status: 'ready', progress: 100, renditions: [240] });
    const { user, calls } = renderLesson({
      state: { playing: ready, latest: ready },
      extra: { [`DELETE /api/Admin/Lessons/${LESSON}/Video`]: null },
    });
    await user.click(await screen.findByRole('button', { name: 'إيقاف استخدام الفيديو المرفوع' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف استخدام الفيديو المرفوع' }));
    await waitFor(() => expect(callsTo(calls, `DELETE /api/Admin/Lessons/${LESSON}/Video`)).toHaveLength(1));
  });
});
