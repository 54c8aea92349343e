// Issue 19, our own video: the admin uploads a lecture file to a lesson (tus), waits while the server
// turns it into an HLS ladder, and attaches Arabic captions; the student opens the lesson, the video
// plays through hls.js (its time advances) under the phone-number watermark, the quality menu
// switches rendition, and the Arabic caption shows when chosen. The clip is made here by ffmpeg's
// lavfi sources (Debian's ffmpeg, installed by .ci/run), 640×360: a ladder of 240 and 360.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import type { VideoLike } from './support/in-page';
import { checkScreen, login, openContext, STUDENT, visible, waitForPath } from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let folder: string;
let clip: string;

const ADMIN = 'admin@demo.local';
// student@demo.local's chemistry course opens on this video lesson (see player.e2e.ts).
const CHEMISTRY = 'الكيمياء — الصف الثالث الثانوي';
const VIDEO = 'الكشف عن الكاتيونات';
const CAPTION = 'نضيف محلول هيدروكسيد الصوديوم إلى محلول الملح';
const VTT = `WEBVTT\n\n00:00:00.000 --> 00:00:10.000\n${CAPTION}\n`;
/** Transcoding a 10 s clip takes seconds on a quiet machine; CI shares two cores with the suite. */
const READY_WITHIN_MS = 150_000;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'lp-e2e-video-'));
  clip = join(folder, 'lecture.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ]);
  writeFileSync(join(folder, 'ar.vtt'), VTT);
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

type CueList = ArrayLike<{ text: string }> | null;
/** The <video> as the page's functions read it (the Node tsconfig has no DOM library). */
type StreamVideo = VideoLike & {
  videoHeight: number;
  textTracks: ArrayLike<{ mode: string; activeCues: CueList; cues: CueList }>;
};

const videoElement = (page: Page) => page.locator('video').first();
const currentTime = (page: Page) => videoElement(page).evaluate((video: StreamVideo) => video.currentTime);
const videoHeight = (page: Page) => videoElement(page).evaluate((video: StreamVideo) => video.videoHeight);

describe('our own video', () => {
  test('admin uploads a clip and Arabic captions → the student plays it through hls.js with the watermark, switches quality and shows the caption', async () => {
    const admin = await (
      await openContext(browser, server, { splashSeen: true, viewport: DESKTOP })
    ).newPage();
    await login(admin, ADMIN);
    await admin.goto('/admin');
    await waitForPath(admin, '/admin/courses');
    await admin.getByLabel('ابحث بالاسم أو المادة').fill(CHEMISTRY);
    await admin.getByLabel('ابحث بالاسم أو المادة').press('Enter');
    await admin.getByRole('link', { name: CHEMISTRY, exact: true }).click();
    await admin.waitForURL(/\/admin\/courses\/\d+$/);
    await admin.getByRole('link', { name: VIDEO, exact: true }).click();
    await admin.waitForURL(/\/admin\/lessons\/\d+$/);

    // The upload: tus in chunks, then the job's state polled until it is ready.
    await visible(admin.getByRole('heading', { name: 'رفع فيديو' }));
    await admin.getByLabel('ملف الفيديو').setInputFiles(clip);
    await visible(admin.getByText('اكتمل الرفع، وأُضيف الفيديو إلى قائمة التحويل.'));
    await admin.getByText('جاهز', { exact: true }).waitFor({ state: 'visible', timeout: READY_WITHIN_MS });
    await visible(admin.getByText('الجودات: ٢٤٠، ٣٦٠'));

    // Arabic captions for the lesson.
    await admin.getByLabel('اللغة').selectOption('ar');
    await admin.getByLabel('ملف الترجمة').setInputFiles(join(folder, 'ar.vtt'));
    await admin.getByRole('button', { name: 'رفع الترجمة' }).click();
    await visible(admin.getByRole('list', { name: 'ملفات الترجمة الحالية' }).getByRole('listitem').first());
    await checkScreen(admin, 'admin-lesson-own-video');

    // The student, on a phone: the lesson plays our HLS stream, not the link.
    const page = await (
      await openContext(browser, server, { deviceId: 'e2e-student-phone', splashSeen: true, viewport: PHONE })
    ).newPage();
    const playlists: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/media/hls/')) playlists.push(new URL(request.url()).pathname);
    });
    await login(page, STUDENT.email);
    await page.goto('/enrolled-courses');
    await page.getByRole('link', { name: `ابدأ التعلم: ${CHEMISTRY}` }).click();
    await page.waitForURL(/\/course-player\/\d+\?unit=\d+&lesson=\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: VIDEO }));
    await page.getByRole('button', { name: 'تشغيل' }).first().click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(playlists.some((path) => path.endsWith('/master.m3u8'))).toBe(true);
    expect(playlists.some((path) => path.endsWith('/key'))).toBe(true);
    // It starts at the lowest rendition.
    expect(await videoHeight(page)).toBe(240);
    const watermark = await visible(page.getByTestId('watermark'));
    expect(await watermark.textContent()).toContain(STUDENT.phone);

    // Quality: 360 chosen from the menu.
    await page.getByRole('button', { name: 'الجودة' }).click();
    await page.getByRole('menuitemradio', { name: '٣٦٠' }).click();
    await expect.poll(() => videoHeight(page), { timeout: 30_000 }).toBe(360);

    // Captions: off by default, Arabic when chosen, and its cue is the one the admin uploaded.
    await page.getByRole('button', { name: 'الترجمة' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    const shownCue = () =>
      videoElement(page).evaluate((video: StreamVideo) => {
        const showing = Array.from(video.textTracks).find((track) => track.mode === 'showing');
        const cues = showing?.activeCues ?? showing?.cues;
        return cues && cues.length > 0 ? cues[0]!.text : null;
      });
    await expect.poll(shownCue, { timeout: 20_000 }).toBe(CAPTION);
    await checkScreen(page, 'player-own-video');
  });
});
