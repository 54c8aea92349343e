// Issue 20, exams: a timed quiz drawing 4 of a 6-question bank. A student on a phone starts it, answers
// two questions, reloads mid-attempt and continues at the third with the same draw, chooses its answer
// and loses the connection; the time runs out on screen, the server's sweeper submits what was saved,
// and back online the student sees the auto-submitted result. The admin then sees the attempt in the
// quiz's statistics, and the drawn questions' answers locked in the bank. The course, bank and settings are set up through the admin API.
import { toArabicDigits } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import type { InPage } from './support/in-page';
import {
  TENANT,
  checkScreen,
  login,
  openContext,
  registerAccount,
  visible,
  waitForPath,
  type Account,
} from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

const ADMIN = 'admin@demo.local';
const COURSE = 'الأحماض والقواعد — الصف الثالث الثانوي';
const QUIZ = 'اختبار الأحماض والقواعد';
/** The closing time, counted from when the settings are saved: it caps the attempt's deadline. */
const CLOSES_AFTER_MS = 40_000;
/** The server's sweeper closes expired attempts this often (EXAM_SWEEP_MS). */
const SWEEP_MS = 1000;

type BankEntry = { text: string; topic: string; correct: string; wrong: string[]; explanation: string };
/** The bank: three questions on each of two topics; each attempt draws two of each. */
const BANK: BankEntry[] = [
  {
    topic: 'الأحماض',
    text: 'أي الأحماض التالية حمض معدني؟',
    correct: 'حمض الهيدروكلوريك',
    wrong: ['حمض الخليك', 'حمض الستريك'],
    explanation: 'حمض الهيدروكلوريك لا يحتوي على الكربون.',
  },
  {
    topic: 'الأحماض',
    text: 'ما لون ورقة عباد الشمس في المحلول الحمضي؟',
    correct: 'أحمر',
    wrong: ['أزرق', 'أخضر'],
    explanation: 'الأحماض تحوّل لون عباد الشمس إلى الأحمر.',
  },
  {
    topic: 'الأحماض',
    text: 'ما الأيون الذي تعطيه الأحماض في محاليلها المائية؟',
    correct: 'أيون الهيدروجين',
    wrong: ['أيون الهيدروكسيد', 'أيون الصوديوم'],
    explanation: 'تعريف أرهينيوس للحمض.',
  },
  {
    topic: 'القواعد',
    text: 'أي المركبات التالية قاعدة قوية؟',
    correct: 'هيدروكسيد الصوديوم',
    wrong: ['الأمونيا', 'كربونات الكالسيوم'],
    explanation: 'يتأين هيدروكسيد الصوديوم تأينًا تامًا في الماء.',
  },
  {
    topic: 'القواعد',
    text: 'ما ملمس محاليل القواعد؟',
    correct: 'صابوني',
    wrong: ['خشن', 'لزج'],
    explanation: 'القواعد تتفاعل مع دهون الجلد فتعطي ملمسًا صابونيًا.',
  },
  {
    topic: 'القواعد',
    text: 'ما ناتج تفاعل الحمض مع القاعدة؟',
    correct: 'ملح وماء',
    wrong: ['غاز الهيدروجين', 'غاز الأكسجين'],
    explanation: 'تفاعل التعادل.',
  },
];
const entryFor = (text: string | null) => {
  const entry = BANK.find((question) => question.text === text?.trim());
  if (!entry) throw new Error(`not a bank question: ${text}`);
  return entry;
};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ RATE_LIMIT_MAX: '100000', EXAM_SWEEP_MS: String(SWEEP_MS) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The admin's calls over HTTP, signed in as the demo admin on a device of its own. */
async function adminApi(url: string) {
  const headers: Record<string, string> = { 'X-Tenant-ID': TENANT, DeviceId: 'e2e-exam-admin-api' };
  const reply = await fetch(`${url}/api/Auth/login`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ EmailorMobile: ADMIN, password: 'demo1234' }),
  });
  if (!reply.ok) throw new Error(`admin login: ${reply.status} ${await reply.text()}`);
  headers.Authorization = `Bearer ${((await reply.json()) as { token: string }).token}`;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/api/Admin${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
}

/** A new course holding one quiz lesson, its question bank, and two students enrolled in it. */
async function setUpExam(courseName = COURSE) {
  const admin = await adminApi(server.url);
  const course = await admin<{ id: number }>('POST', '/Courses', {
    name: courseName,
    subject: 'chemistry',
    description: 'اختبارات أسبوعية بتوقيت.',
    price: 0,
    term: 'First',
    grade: 'Secondary3',
    active: true,
  });
  const unit = await admin<{ id: number }>('POST', `/Courses/${course.id}/Units`, {
    name: 'الوحدة الثانية: الأحماض والقواعد',
  });
  // The lesson's own question is not asked: the settings draw from the bank.
  const lesson = await admin<{ id: number }>('POST', `/Units/${unit.id}/Lessons`, {
    type: 'Quiz',
    name: QUIZ,
    titel: 'اختبار الأسبوع الثالث',
    questions: [
      {
        text: 'سؤال الدرس الثابت',
        answers: [
          { text: 'نعم', isCorrect: true },
          { text: 'لا', isCorrect: false },
        ],
      },
    ],
  });
  for (const entry of BANK) {
    await admin('POST', `/Courses/${course.id}/Questions`, {
      text: entry.text,
      topic: entry.topic,
      difficulty: 'medium',
      explanation: entry.explanation,
      answers: [
        { text: entry.correct, isCorrect: true },
        ...entry.wrong.map((text) => ({ text, isCorrect: false })),
      ],
    });
  }
  const students: (Account & { id: number })[] = [];
  for (const label of ['exam-taker', 'exam-absent']) {
    const account = await registerAccount(server, label);
    const [row] = server.query<{ id: number }>('SELECT id FROM users WHERE email = ?', account.email);
    await admin('POST', `/Students/${row!.id}/Enrollments`, { courseId: course.id });
    students.push({ ...account, id: row!.id });
  }
  /** Saves the exam's settings: closing CLOSES_AFTER_MS from now; answers the closing time. */
  const openExam = async () => {
    const closesAt = new Date(Date.now() + CLOSES_AFTER_MS).toISOString();
    await admin('PUT', `/Lessons/${lesson.id}/QuizSettings`, {
      source: 'bank',
      draw: [
        { topic: 'الأحماض', difficulty: null, count: 2 },
        { topic: 'القواعد', difficulty: null, count: 2 },
      ],
      timeLimitMinutes: 5,
      passMark: 50,
      attemptsAllowed: 1,
      counts: 'best',
      review: 'immediate',
      showExplanations: true,
      opensAt: null,
      closesAt,
    });
    return closesAt;
  };
  return {
    courseId: course.id,
    unitId: unit.id,
    lessonId: lesson.id,
    taker: students[0]!,
    absent: students[1]!,
    openExam,
    admin,
  };
}

/** '٠٠:٤٥' → 45. */
const secondsOn = (clock: string) => {
  const western = clock.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  const [minutes, seconds] = western.split(':').map(Number);
  return minutes! * 60 + seconds!;
};
/** 'h:mm' of an instant on a Cairo wall clock (12-hour), in Arabic-Indic digits. */
const cairoClock = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Africa/Cairo',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return toArabicDigits(`${part('hour')}:${part('minute')}`);
};

const countdown = (page: Page) => page.getByTestId('exam-countdown');
const questionText = async (page: Page) =>
  (await page.getByRole('radiogroup').getByRole('heading').textContent())?.trim() ?? '';

/** Chooses an answer and waits until the server has saved it. */
async function choose(page: Page, answer: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === '/api/Student/quizattempt/answers',
  );
  await page.getByRole('radio', { name: answer, exact: true }).check();
  expect((await saved).status()).toBe(200);
}

type AttemptRow = {
  draw_json: string;
  answers_json: string | null;
  deadline_at: string;
  submitted_at: string | null;
  submitted_by: string | null;
  score: number | null;
  correct_count: number | null;
};
const attemptOf = (userId: number, lessonId: number) =>
  server.query<AttemptRow>(
    'SELECT draw_json, answers_json, deadline_at, submitted_at, submitted_by, score, correct_count FROM exam_attempts WHERE user_id = ? AND lesson_id = ?',
    userId,
    lessonId,
  );

describe('exams', () => {
  test('a timed quiz from a pool: reload mid-attempt, time runs out, auto-submitted result, statistics', async () => {
    const exam = await setUpExam();
    const { taker, absent } = exam;

    // The admin (desktop) opens the quiz's statistics from its lesson: nobody has attempted it yet.
    const adminContext = await openContext(browser, server, {
      viewport: DESKTOP,
      deviceId: 'e2e-exam-admin-browser',
      splashSeen: true,
    });
    const admin = await adminContext.newPage();
    await login(admin, ADMIN);
    await admin.goto(`/admin/lessons/${exam.lessonId}`);
    await admin.getByRole('link', { name: 'إحصاءات الاختبار' }).click();
    await waitForPath(admin, `/admin/lessons/${exam.lessonId}/statistics`);
    await visible(admin.getByRole('heading', { level: 1, name: `إحصاءات الاختبار: ${QUIZ}` }));
    await visible(admin.getByText('لم يقدّم أحد هذا الاختبار بعد.'));
    const notAttempted = admin.getByRole('list', { name: /^لم يحاولوا/ });
    await visible(admin.getByRole('heading', { level: 2, name: 'لم يحاولوا (٢)' }));
    for (const student of [taker, absent]) await visible(notAttempted.getByText(student.phone));

    // The student (phone) signs in; the exam opens now and closes CLOSES_AFTER_MS from now.
    const context = await openContext(browser, server, { deviceId: 'e2e-exam-phone', splashSeen: true });
    const page = await context.newPage();
    await login(page, taker.phone, taker.password);
    const closesAt = await exam.openExam();

    // The readiness screen shows the exam's settings and starts nothing by itself.
    await page.goto(`/course-player/${exam.courseId}`);
    await waitForPath(page, `/course-player/${exam.courseId}`, { unit: '0', lesson: '0' });
    await visible(page.getByRole('heading', { level: 1, name: QUIZ }));
    const details = await visible(page.getByRole('list', { name: 'تفاصيل الاختبار' }));
    const lines = (await details.getByRole('listitem').allTextContents()).map((line) => line.trim());
    expect(lines.slice(0, 4)).toEqual([
      'مدة الاختبار: ٥ دقائق',
      'عدد الأسئلة: ٤',
      'درجة النجاح: ٥٠٪',
      'المحاولات: ٠ من ١',
    ]);
    expect(lines[4]).toMatch(new RegExp(`^يُغلق الاختبار: .*${cairoClock(closesAt)}`));
    expect(lines).toHaveLength(5);
    expect(attemptOf(taker.id, exam.lessonId)).toEqual([]);
    await checkScreen(page, 'exam-ready');

    // Start: question 1 of 4 under a countdown in Arabic-Indic digits, in its last minute already.
    await page.getByRole('button', { name: 'ابدأ الاختبار' }).click();
    await visible(page.getByText('السؤال ١ من ٤'));
    const [attempt] = attemptOf(taker.id, exam.lessonId);
    // The deadline is the closing time, not the start plus five minutes.
    expect(attempt!.deadline_at).toBe(closesAt);
    const bankTexts = new Map(
      server
        .query<{ id: number; text: string }>('SELECT id, text FROM bank_questions')
        .map((row) => [row.id, row.text]),
    );
    const drawn = (JSON.parse(attempt!.draw_json) as { questionId: number }[]).map((question) =>
      bankTexts.get(question.questionId)!,
    );
    expect(drawn).toHaveLength(4);
    expect(new Set(drawn).size).toBe(4);
    expect(drawn.filter((text) => entryFor(text).topic === 'الأحماض')).toHaveLength(2);

    const timer = countdown(page).getByRole('timer');
    const firstClock = (await timer.textContent())!.trim();
    expect(firstClock).toMatch(/^[٠-٩]{2}:[٠-٩]{2}$/);
    expect(secondsOn(firstClock)).toBeLessThanOrEqual(CLOSES_AFTER_MS / 1000);
    expect(await countdown(page).getAttribute('data-state')).toBe('warning');
    await visible(countdown(page).getByRole('alert').getByText('باقٍ دقيقة واحدة'));

    // Question 1 right, question 2 wrong; each choice is saved as it is made.
    const seen: string[] = [];
    seen.push(await questionText(page));
    expect(seen[0]).toBe(drawn[0]);
    const next = page.getByRole('button', { name: 'التالي' });
    expect(await next.isDisabled()).toBe(true);
    await choose(page, entryFor(seen[0]!).correct);
    await checkScreen(page, 'exam-attempt');
    await next.click();
    await visible(page.getByText('السؤال ٢ من ٤'));
    seen.push(await questionText(page));
    await choose(page, entryFor(seen[1]!).wrong[0]!);
    await next.click();
    await visible(page.getByText('السؤال ٣ من ٤'));
    // No going back: the question screen offers only the way forward.
    expect(await page.getByRole('button', { name: /السابق|رجوع/ }).count()).toBe(0);
    expect(secondsOn((await timer.textContent())!.trim())).toBeLessThan(secondsOn(firstClock));

    // A reload mid-attempt: the readiness screen offers to continue, the countdown still runs, and the
    // attempt goes on at question 3 of the same draw.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: QUIZ }));
    await visible(countdown(page).getByRole('timer'));
    await page.getByRole('button', { name: 'متابعة المحاولة' }).click();
    await visible(page.getByText('السؤال ٣ من ٤'));
    seen.push(await questionText(page));
    expect(seen).toEqual(drawn.slice(0, 3));
    expect(attemptOf(taker.id, exam.lessonId)).toHaveLength(1);
    // Question 3: chosen (and so saved) but never sent with «التالي»; question 4 is never seen.
    await choose(page, entryFor(seen[2]!).correct);
    const saved = JSON.parse(attemptOf(taker.id, exam.lessonId)[0]!.answers_json ?? '{}') as object;
    expect(Object.keys(saved)).toHaveLength(3);
    const msLeft = Date.parse(closesAt) - Date.now();
    expect(msLeft, 'the steps before the deadline took too long').toBeGreaterThan(3000);

    // The phone loses its connection. The time runs out on its screen: no answer can change any more.
    await context.setOffline(true);
    await page
      .locator('[data-testid="exam-countdown"][data-state="over"]')
      .waitFor({ state: 'visible', timeout: msLeft + 5000 });
    expect(await timer.textContent()).toBe('انتهى الوقت');
    await visible(
      page.getByRole('status').getByText('انتهى الوقت، وتُسلَّم إجاباتك المحفوظة تلقائيًا.', { exact: false }),
    );
    expect(await page.getByRole('radio', { name: entryFor(seen[2]!).correct }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await checkScreen(page, 'exam-time-up');

    // The server submits what was saved at the deadline, by itself: nothing reached it from the phone.
    const closed = await closedAttempt(taker.id, exam.lessonId, 10_000);
    expect(closed).toMatchObject({ submitted_by: 'server', score: 50, correct_count: 2 });
    expect(Date.parse(closed.submitted_at!) - Date.parse(closesAt)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(closed.submitted_at!) - Date.parse(closesAt)).toBeLessThan(SWEEP_MS + 3000);

    // Back online, the screen turns into the result: 2 of 4 (the saved answers), passed, auto-submitted.
    await context.setOffline(false);
    await visible(page.getByRole('heading', { level: 1, name: 'نتيجة الاختبار' }));
    await visible(page.getByText('الإجابات الصحيحة: ٢ من ٤'));
    await visible(page.getByLabel('النسبة المئوية: ٥٠٪'));
    expect((await page.getByTestId('exam-passed').textContent())?.trim()).toBe('ناجح');
    await visible(page.getByText('سُلّمت تلقائيًا عند انتهاء الوقت'));
    expect(await countdown(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'محاولة جديدة' }).count()).toBe(0);
    // Passed, so the quiz counts as done: the course's only lesson, 100 %.
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as InPage;
      const bar = document.querySelector('[role=progressbar][aria-label="نسبة إكمال الكورس"]');
      return bar?.getAttribute('aria-valuenow') === '100';
    });

    // The review: the four drawn questions in the student's order, with the choices and explanations.
    await page.getByRole('button', { name: 'عرض الإجابات الصحيحة' }).click();
    const reviewed = page.locator('ol > li');
    await visible(reviewed.first());
    expect(await reviewed.count()).toBe(4);
    for (const [index, text] of drawn.entries()) {
      const item = reviewed.nth(index);
      const entry = entryFor(text);
      expect(await item.locator('p').first().textContent()).toBe(
        `السؤال ${toArabicDigits(index + 1)} من ٤: ${text}`,
      );
      expect(await item.locator('li[data-state="correct"]').textContent()).toContain(entry.correct);
      await visible(item.getByText(entry.explanation));
    }
    const wrongChoice = reviewed.nth(1).locator('li[data-state="wrong"]');
    expect(await wrongChoice.textContent()).toContain(entryFor(drawn[1]!).wrong[0]);
    expect(await wrongChoice.textContent()).toContain('إجابتك خاطئة');
    expect(await reviewed.nth(2).locator('li[data-state="correct"]').textContent()).toContain('إجابتك صحيحة');
    // Question 4, never reached, was left unanswered: the review says so and it counted wrong.
    const unanswered = 'لم تُجب عن هذا السؤال، فحُسب خطأً.';
    await visible(reviewed.nth(3).getByText(unanswered));
    expect(
      await reviewed
        .nth(3)
        .getByText(/إجابتك/)
        .count(),
    ).toBe(0);
    expect(await page.getByText(unanswered).count()).toBe(1);
    await checkScreen(page, 'exam-result');

    // The result stays after a reload: it is the server's.
    await page.reload();
    await visible(page.getByText('الإجابات الصحيحة: ٢ من ٤'));
    await visible(page.getByText('سُلّمت تلقائيًا عند انتهاء الوقت'));
    await context.close();

    // The admin's statistics: one submission of 50 %, each drawn question's share of correct answers,
    // the wrong answer chosen, and only the other student still not attempted.
    await admin.reload();
    const summary = await visible(admin.getByRole('region', { name: 'ملخص' }));
    const value = async (label: string) =>
      (
        await summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent()
      )?.trim();
    expect(await value('قدّموا الاختبار')).toBe('١');
    expect(await value('متوسط الدرجات')).toBe('٥٠٪');
    expect(await value('نجحوا')).toBe('١ من ١');
    const bands = (
      await admin.getByRole('list', { name: 'توزيع الدرجات' }).getByRole('listitem').allTextContents()
    ).map((band) => band.replace(/\s+/g, ' ').trim());
    expect(bands).toHaveLength(10);
    for (const band of bands) expect(band.endsWith(band.startsWith('٥٠–٥٩٪') ? '١' : '٠'), band).toBe(true);

    const questions = admin.getByRole('list', { name: 'الأسئلة' }).locator(':scope > li');
    expect(await questions.count()).toBe(4);
    const shown = new Map<string, string>();
    for (const item of await questions.all()) {
      const text = (await item.locator('p').first().textContent())!.trim();
      shown.set(text, (await item.textContent())!);
    }
    expect([...shown.keys()].sort()).toEqual([...drawn].sort());
    // In the student's order: right, wrong (that answer chosen once), right, left unanswered.
    const expected = [
      ['١٠٠٪', 'لم يختر أحد إجابة خاطئة.'],
      ['٠٪', `أكثر إجابة خاطئة اختيرت: ${entryFor(drawn[1]!).wrong[0]} (اختيرت مرة واحدة)`],
      ['١٠٠٪', 'لم يختر أحد إجابة خاطئة.'],
      ['٠٪', 'لم يختر أحد إجابة خاطئة، ومن لم يُصب فيه تركه بلا إجابة.'],
    ];
    for (const [index, text] of drawn.entries()) {
      const item = shown.get(text)!;
      const [share, wrong] = expected[index]!;
      expect(item, text).toContain(`نسبة الإجابة الصحيحة${share}`);
      expect(item, text).toContain('عدد المحاولات التي ظهر فيها: ١');
      expect(item, text).toContain(wrong);
    }
    await visible(admin.getByRole('heading', { level: 2, name: 'لم يحاولوا (١)' }));
    await visible(notAttempted.getByText(absent.phone));
    expect(await notAttempted.getByText(taker.phone).count()).toBe(0);
    await checkScreen(admin, 'exam-statistics');

    // The bank: a drawn question says how often, and its answers are read-only with the reason; a
    // question no attempt drew keeps its answers open to change.
    await admin.goto(`/admin/courses/${exam.courseId}/questions`);
    const drawnRow = admin.getByRole('row').filter({ hasText: drawn[0]! });
    await visible(drawnRow.getByText('سُحب في محاولة واحدة'));
    await drawnRow.getByRole('button', { name: /^تعديل السؤال/ }).click();
    let dialog = await visible(admin.getByRole('dialog', { name: 'تعديل السؤال' }));
    let answers = dialog.getByRole('group', { name: 'الإجابات' });
    await visible(dialog.getByText(/^سُحب هذا السؤال في محاولة واحدة، فلا يمكن تغيير إجاباته/));
    for (const input of await answers.getByRole('textbox').all())
      expect(await input.getAttribute('readonly')).not.toBeNull();
    await checkScreen(admin, 'bank-drawn-question');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const undrawn = BANK.find((entry) => !drawn.includes(entry.text))!;
    await admin
      .getByRole('row')
      .filter({ hasText: undrawn.text })
      .getByRole('button', { name: /^تعديل السؤال/ })
      .click();
    dialog = await visible(admin.getByRole('dialog', { name: 'تعديل السؤال' }));
    answers = dialog.getByRole('group', { name: 'الإجابات' });
    await visible(answers.getByRole('textbox').first());
    for (const input of await answers.getByRole('textbox').all())
      expect(await input.getAttribute('readonly')).toBeNull();
    await adminContext.close();
  });

  test('failed with no attempt left: the result says to ask the teacher, who lets that one student retake (after undoing a first tap)', async () => {
    const exam = await setUpExam(`${COURSE} (ج)`);
    const { taker } = exam;
    // A second lesson after the exam in its unit: what a result below the pass mark keeps locked.
    const after = 'مراجعة بعد الاختبار';
    await exam.admin('POST', `/Units/${exam.unitId}/Lessons`, {
      type: 'Quiz',
      name: after,
      questions: [
        {
          text: 'سؤال المراجعة',
          answers: [
            { text: 'أ', isCorrect: true },
            { text: 'ب', isCorrect: false },
          ],
        },
      ],
    });
    // The lesson's own question (نعم is right), one untimed attempt, pass mark 50.
    await exam.admin('PUT', `/Lessons/${exam.lessonId}/QuizSettings`, {
      source: 'fixed',
      draw: [],
      timeLimitMinutes: null,
      passMark: 50,
      attemptsAllowed: 1,
      counts: 'best',
      review: 'never',
      showExplanations: false,
      opensAt: null,
      closesAt: null,
    });

    const context = await openContext(browser, server, { deviceId: 'e2e-exam-retake', splashSeen: true });
    const page = await context.newPage();
    await login(page, taker.phone, taker.password);
    await page.goto(`/course-player/${exam.courseId}`);
    await visible(page.getByRole('heading', { level: 1, name: QUIZ }));
    await page.getByRole('button', { name: 'ابدأ الاختبار' }).click();
    await choose(page, 'لا');
    await page.getByRole('button', { name: 'إنهاء', exact: true }).click();
    await visible(page.getByText('لم تبلغ درجة النجاح (٥٠٪)'));
    await visible(
      page.getByText(
        'لا يمكنك إعادة هذا الاختبار، فتبقى الدروس التالية في هذه الوحدة مقفلة. تواصل مع معلمك.',
      ),
    );
    expect(await page.getByRole('button', { name: 'محاولة جديدة' }).count()).toBe(0);
    // Finishing does not try the locked lesson: it shows the curriculum, where the lock is.
    await page.getByRole('button', { name: 'إنهاء والعودة إلى المنهج' }).click();
    const curriculum = await visible(page.getByRole('dialog', { name: 'محتوى الكورس' }));
    await visible(curriculum.getByRole('button', { name: new RegExp(after) }));
    expect(
      await curriculum.getByRole('button', { name: new RegExp(after) }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.keyboard.press('Escape');

    // The teacher finds the student in the statistics and lets them retake.
    const adminContext = await openContext(browser, server, {
      viewport: DESKTOP,
      deviceId: 'e2e-exam-admin-browser',
      splashSeen: true,
    });
    const admin = await adminContext.newPage();
    await login(admin, ADMIN);
    await admin.goto(`/admin/lessons/${exam.lessonId}/statistics`);
    const lockedOut = await visible(admin.getByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (١)' }));
    await visible(lockedOut.getByText(taker.phone));
    await checkScreen(admin, 'exam-locked-out');
    await lockedOut.getByRole('button', { name: `السماح لـ${taker.name} بمحاولة أخرى` }).click();
    await visible(
      admin.getByRole('status').filter({ hasText: `يستطيع ${taker.name} الآن بدء محاولة أخرى.` }),
    );
    await visible(admin.getByRole('heading', { level: 2, name: 'لم ينجحوا ولم تبقَ لهم محاولة (٠)' }));
    await checkScreen(admin, 'exam-retake-granted');
    // A mis-tap is undone from the notice: the student is listed again, then granted for real.
    await admin.getByRole('button', { name: `التراجع عن السماح لـ${taker.name} بمحاولة أخرى` }).click();
    await visible(admin.getByRole('status').filter({ hasText: `سُحبت المحاولة الإضافية من ${taker.name}.` }));
    const again = await visible(admin.getByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (١)' }));
    await again.getByRole('button', { name: `السماح لـ${taker.name} بمحاولة أخرى` }).click();
    await visible(admin.getByRole('heading', { level: 2, name: 'لم ينجحوا ولم تبقَ لهم محاولة (٠)' }));
    // Until the student starts it, the retake waits in a list of its own, where it can be taken back.
    const waiting = await visible(admin.getByRole('list', { name: 'سُمح لهم بمحاولة أخرى ولم يبدؤوها (١)' }));
    await visible(waiting.getByRole('button', { name: `سحب المحاولة الإضافية من ${taker.name}` }));
    await adminContext.close();

    // The student's retake: attempt 2 of 2, passed, and the next lesson opens.
    await page.reload();
    await page.getByRole('button', { name: 'محاولة جديدة' }).click();
    await choose(page, 'نعم');
    await page.getByRole('button', { name: 'إنهاء', exact: true }).click();
    expect(await (await visible(page.getByTestId('exam-passed'))).textContent()).toBe('ناجح');
    expect(attemptOf(taker.id, exam.lessonId).map((row) => row.score)).toEqual([0, 100]);
    await page.getByRole('button', { name: 'إنهاء والانتقال للدرس التالي' }).click();
    await visible(page.getByRole('heading', { level: 1, name: after }));
    await context.close();
  });

  test('a bank left too small for the draw: the student is told to tell the teacher, and nothing starts', async () => {
    const exam = await setUpExam(`${COURSE} (ب)`);
    await exam.openExam();
    // The teacher deletes questions the draw needs (never drawn, so they are removed): two of
    // «القواعد» are asked for, one is left.
    const bases = server.query<{ id: number }>(
      "SELECT id FROM bank_questions WHERE course_id = ? AND topic = 'القواعد' ORDER BY id LIMIT 2",
      exam.courseId,
    );
    expect(bases).toHaveLength(2);
    for (const { id } of bases) await exam.admin('DELETE', `/Questions/${id}`);

    const context = await openContext(browser, server, { deviceId: 'e2e-exam-small-bank', splashSeen: true });
    const page = await context.newPage();
    await login(page, exam.taker.phone, exam.taker.password);
    await page.goto(`/course-player/${exam.courseId}`);
    await visible(page.getByRole('heading', { level: 1, name: QUIZ }));
    await page.getByRole('button', { name: 'ابدأ الاختبار' }).click();
    await visible(
      page.getByText('لا يمكن بدء الاختبار الآن: أسئلة بنك الاختبار لا تكفي. أبلغ معلمك ليعدّل الاختبار.'),
    );
    expect(attemptOf(exam.taker.id, exam.lessonId)).toEqual([]);
    await checkScreen(page, 'exam-bank-too-small');
    await context.close();
  });
});

/** The attempt once the server has closed it, polled from its database. */
async function closedAttempt(userId: number, lessonId: number, timeoutMs: number): Promise<AttemptRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = attemptOf(userId, lessonId);
    if (row?.submitted_at) return row;
    if (Date.now() > deadline) throw new Error(`the attempt was not closed: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
