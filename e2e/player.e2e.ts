// Issue 5, the course player: locks after an unsubmitted quiz, the local sample video played past
// 90 % → 'Complete & Continue' → the quiz → its graded review → the next lesson.
import { toArabicDigits } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import type { InPage, VideoLike } from './support/in-page';
import { STUDENT, checkScreen, login, openContext, visible, waitForPath } from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

// student@demo.local's chemistry course (the demo's third course): unit 2 has a video done, then
// 'الكشف عن الكاتيونات' (video), 'اختبار: التحليل الكيفي' (quiz, not submitted) and
// 'التحليل الكمي: المعايرة' (video, locked behind the quiz).
const CHEMISTRY = 'الكيمياء — الصف الثالث الثانوي';
const VIDEO = 'الكشف عن الكاتيونات';
const QUIZ = 'اختبار: التحليل الكيفي';
const LOCKED = 'التحليل الكمي: المعايرة';
/**
 * The quiz's questions, each with a chosen answer (the first one wrong) and the right answer. Each
 * student gets the questions in an order of their own, so the journey finds them by their text.
 */
const ANSWERS = [
  { question: 'يُستخدم محلول نترات الفضة للكشف عن أنيون:', chosen: 'الكبريتات', correct: 'الكلوريد' },
  {
    question: 'يتكون راسب أبيض لا يذوب في الأحماض عند إضافة كلوريد الباريوم إلى محلول يحتوي على أنيون:',
    chosen: 'الكبريتات',
    correct: 'الكبريتات',
  },
  {
    question: 'يعطي أيون النحاس II مع محلول هيدروكسيد الصوديوم راسبًا لونه:',
    chosen: 'أزرق',
    correct: 'أزرق',
  },
];
const answerTo = (question: string | null) => ANSWERS.find((answer) => answer.question === question?.trim())!;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openChemistry(page: Page): Promise<number> {
  await page.goto('/enrolled-courses');
  await page.getByRole('link', { name: `ابدأ التعلم: ${CHEMISTRY}` }).click();
  await page.waitForURL(/\/course-player\/\d+\?unit=\d+&lesson=\d+$/);
  return Number(/\/course-player\/(\d+)/.exec(page.url())?.[1]);
}

const curriculum = (page: Page) => page.getByRole('complementary', { name: 'محتوى الكورس' });
const lessonButton = (page: Page, name: string) =>
  curriculum(page).getByRole('button', { name: new RegExp(`^${name}`) });
const percentOf = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'نسبة إكمال الكورس' }).getAttribute('aria-valuenow'));

describe('course player', () => {
  test('a lesson after an unsubmitted quiz is locked in the curriculum', async () => {
    const context = await openContext(browser, server, {
      deviceId: 'e2e-student-laptop',
      splashSeen: true,
      viewport: DESKTOP,
    });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    const courseId = await openChemistry(page);
    // The first lesson after the last completed one that no quiz blocks.
    await waitForPath(page, `/course-player/${courseId}`, { unit: '1', lesson: '1' });
    await visible(page.getByRole('heading', { level: 1, name: VIDEO }));

    // Wide screens show the curriculum; the current unit is expanded.
    const locked = await visible(lessonButton(page, LOCKED));
    expect(await locked.getAttribute('aria-disabled')).toBe('true');
    expect(await locked.textContent()).toContain('مقفل');
    expect(await lessonButton(page, QUIZ).getAttribute('aria-disabled')).toBeNull();
    expect(await lessonButton(page, VIDEO).getAttribute('aria-current')).toBe('step');
    expect(await lessonButton(page, 'التحليل الكيفي: الكشف عن الأنيونات').textContent()).toContain('مكتمل');
    // The top bar: position 'n / total' and the percent complete.
    await visible(page.getByRole('banner').getByText(/^[٠-٩]+ \/ [٠-٩]+$/));
    await visible(page.getByRole('banner').getByText(/٪ مكتمل$/));

    // A tap on the locked lesson says why instead of opening it (aria-disabled, so it stays tappable).
    await locked.click({ force: true });
    await visible(page.getByText('يجب إكمال الاختبار السابق أولًا'));
    expect(new URL(page.url()).searchParams.get('lesson')).toBe('1');
    await checkScreen(page, 'player-sidebar');
    await context.close();
  });

  test('video past 90 % → Complete & Continue → quiz → review → finish → next lesson', async () => {
    const context = await openContext(browser, server, { deviceId: 'e2e-student-phone', splashSeen: true });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await login(page, STUDENT.phone);
    const courseId = await openChemistry(page);
    await visible(page.getByRole('heading', { level: 1, name: VIDEO }));
    const percentBefore = await percentOf(page);

    // The local sample video plays in our own player (an MP4 never needs hls.js).
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe('/media/sample-lesson.mp4');
    await visible(page.getByRole('region', { name: 'مشغل الفيديو' }));
    await visible(page.getByText('01000000001'));
    await page.waitForFunction(() => {
      const video = (globalThis as unknown as InPage).document.querySelector('video') as VideoLike | null;
      return (video?.readyState ?? 0) >= 1;
    });
    await checkScreen(page, 'player-video');
    const complete = page.getByRole('button', { name: 'أكمل وتابع' });
    expect(await complete.count()).toBe(0);

    await video.evaluate(async (element: VideoLike) => {
      element.currentTime = element.duration * 0.92;
      await element.play();
    });
    await page.waitForFunction(() => {
      const element = (globalThis as unknown as InPage).document.querySelector('video') as VideoLike | null;
      return element !== null && (element.ended || element.currentTime / element.duration > 0.95);
    });
    await visible(complete);
    expect(scripts.some((path) => /hls/i.test(path))).toBe(false);
    await complete.click();

    // The next lesson: the quiz, from its readiness screen.
    await waitForPath(page, `/course-player/${courseId}`, { unit: '1', lesson: '2' });
    await visible(page.getByRole('heading', { level: 1, name: QUIZ }));
    await visible(page.getByText('هل أنت مستعد للاختبار؟'));
    await visible(page.getByRole('button', { name: 'المنهج', exact: true }));
    await page.waitForFunction((before) => {
      const { document } = globalThis as unknown as InPage;
      const bar = document.querySelector('[role=progressbar][aria-label="نسبة إكمال الكورس"]');
      return Number(bar?.getAttribute('aria-valuenow')) > before;
    }, percentBefore);
    await page.getByText('أحسنت!').waitFor({ state: 'hidden' });
    await checkScreen(page, 'player-quiz-ready');
    await page.getByRole('button', { name: 'جاهز' }).click();

    const next = page.getByRole('button', { name: 'التالي' });
    const asked = new Set<string>();
    for (const index of ANSWERS.keys()) {
      await visible(
        page.getByText(`السؤال ${toArabicDigits(index + 1)} من ${toArabicDigits(ANSWERS.length)}`),
      );
      const answer = answerTo(await page.getByRole('radiogroup').getByRole('heading').textContent());
      asked.add(answer.question);
      const button = index === ANSWERS.length - 1 ? page.getByRole('button', { name: 'إنهاء' }) : next;
      expect(await button.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: answer.chosen, exact: true }).check();
      expect(await button.isDisabled()).toBe(false);
      if (index === ANSWERS.length - 1) await checkScreen(page, 'player-quiz-question');
      await button.click();
    }

    expect(asked.size).toBe(ANSWERS.length);

    // The graded result: 2 of 3 → 67 %.
    await visible(page.getByRole('heading', { level: 1, name: 'نتيجة الاختبار' }));
    await visible(page.getByText('الإجابات الصحيحة: ٢ من ٣'));
    await visible(page.getByLabel('النسبة المئوية: ٦٧٪'));
    await page.getByRole('button', { name: 'عرض الإجابات الصحيحة' }).click();
    const review = page.locator('li[data-state]');
    await visible(review.first());
    const correct = page.locator('li[data-state="correct"]');
    const wrong = page.locator('li[data-state="wrong"]');
    expect(await correct.count()).toBe(3);
    expect(await wrong.count()).toBe(1);
    expect((await wrong.textContent()) ?? '').toContain(ANSWERS[0]!.chosen);
    expect((await wrong.textContent()) ?? '').toContain('إجابتك خاطئة');
    expect(await wrong.getAttribute('class')).toContain('border-red-600');
    for (const answer of ANSWERS) {
      const question = page.locator('ol > li').filter({ hasText: answer.question });
      const item = question.locator('li[data-state="correct"]');
      expect(await item.textContent()).toContain(answer.correct);
      expect(await item.textContent()).toContain('الإجابة الصحيحة');
      expect(await item.getAttribute('class')).toContain('border-green-600');
      expect((await item.textContent())?.includes('إجابتك صحيحة')).toBe(answer.chosen === answer.correct);
    }
    await checkScreen(page, 'player-quiz-result');

    await page.getByRole('button', { name: 'إنهاء والانتقال للدرس التالي' }).click();
    await waitForPath(page, `/course-player/${courseId}`, { unit: '1', lesson: '3' });
    await visible(page.getByRole('heading', { level: 1, name: LOCKED }));
    // The lesson is no longer locked, and the quiz is marked done.
    await page.getByRole('button', { name: 'إظهار المنهج' }).click();
    const opened = await visible(lessonButton(page, LOCKED));
    expect(await opened.getAttribute('aria-disabled')).toBeNull();
    expect(await lessonButton(page, QUIZ).textContent()).toContain('مكتمل');
    await context.close();
  });
});
