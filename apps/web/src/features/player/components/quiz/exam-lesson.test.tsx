// An exam inside the course player (decision 0013): the readiness screen with its settings, an
// attempt started by its button or continued after a reload, each answer saved as it is chosen, the
// countdown from the server's clock, and the result that says passed or not.
import {
  ATTEMPT_TIME_OVER,
  UNANSWERED_ANSWER_ID,
  type ExamQuizContent,
  type ExamResult,
  type QuizExam,
} from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sentJson, type Call } from '../../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../../test/render';
import { Component as CoursePlayerRoute } from '../../routes/course-player';
import { COURSE_ID, NOW, fakeServer, quizContent } from '../../testing/fixtures';

const QUIZ_URL = `/course-player/${COURSE_ID}?unit=0&lesson=2`;
const MINUTE = 60_000;
/** The server's clock is 10 minutes ahead of the phone's (the phone is set wrong). */
const SERVER_NOW = new Date(NOW.getTime() + 10 * MINUTE);
const at = (ms: number) => new Date(SERVER_NOW.getTime() + ms).toISOString();

const QUESTIONS: ExamQuizContent['questions'] = [
  {
    id: 51,
    text: 'ما العنصر الذي رمزه Fe؟',
    imageUrl: '/api/files/images/fe.png',
    answers: [
      { id: 1, text: 'الفلور' },
      { id: 2, text: 'الحديد' },
    ],
  },
  {
    id: 52,
    text: 'ما العنصر الذي رمزه Na؟',
    answers: [
      { id: 1, text: 'الصوديوم' },
      { id: 2, text: 'النيتروجين' },
    ],
  },
  {
    id: 53,
    text: 'ما العنصر الذي رمزه O؟',
    answers: [
      { id: 1, text: 'الأكسجين' },
      { id: 2, text: 'الذهب' },
      { id: 3, text: 'الفضة' },
    ],
  },
];

function exam(overrides: Partial<QuizExam> = {}): QuizExam {
  return {
    timeLimitMinutes: 30,
    passMark: 60,
    attemptsAllowed: 2,
    attemptsUsed: 0,
    counts: 'best',
    review: 'immediate',
    opensAt: null,
    closesAt: null,
    questionCount: 3,
    attempt: null,
    canStart: true,
    reviewAt: null,
    latest: null,
    // What the server answers when asked: the phone's clock now, plus the 10 minutes it is off by.
    serverNow: new Date(Date.now() + 10 * MINUTE).toISOString(),
    ...overrides,
  };
}

/** An exam's content; with `open`, attempt 1 started now with `saved` answers, ending in `limitMs`. */
function examContent(
  overrides: Partial<QuizExam> = {},
  content: Partial<ExamQuizContent> = {},
): ExamQuizContent {
  return { ...quizContent(3, { questions: [] }), exam: exam(overrides), ...content };
}

function openAttempt(
  saved: { questionId: number; answerId: number }[] = [],
  limitMs: number | null = 30 * MINUTE,
  overrides: Partial<QuizExam> = {},
): ExamQuizContent {
  return examContent(
    {
      attemptsUsed: 1,
      canStart: false,
      attempt: {
        number: 1,
        startedAt: at(0),
        deadlineAt: limitMs === null ? null : at(limitMs),
        answers: saved,
      },
      ...overrides,
    },
    { questions: QUESTIONS },
  );
}

const FAILED_AUTO: ExamResult = {
  score: 33,
  correctCount: 1,
  total: 3,
  notes: 'Correct answers: 1/3',
  passed: false,
  attemptNumber: 1,
  submittedBy: 'server',
  review: [],
};

/** The fixture's quiz 3 (a video follows it in its unit), or quiz 7, the last lesson of its unit. */
const LAST_OF_UNIT = { id: 7, url: `/course-player/${COURSE_ID}?unit=1&lesson=2` };

function renderExam(
  content: () => ExamQuizContent,
  extra?: (call: Call) => Response | undefined,
  quiz = { id: 3, url: QUIZ_URL },
) {
  const calls = fakeServer({ content: (id) => (id === quiz.id ? content() : undefined), extra });
  const view = renderRoute(<CoursePlayerRoute />, {
    path: '/course-player/:courseId',
    url: quiz.url,
    user: TEST_USER,
    userEvent: { advanceTimers: vi.advanceTimersByTime },
  });
  return { ...view, calls };
}

const button = (name: string) => screen.getByRole('button', { name });
const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.url.pathname === path);
const saves = (calls: Call[]) => callsTo(calls, '/api/Student/quizattempt/answers');
const starts = (calls: Call[]) => callsTo(calls, '/api/Student/quizattempt/start');
const contentReads = (calls: Call[]) => callsTo(calls, '/api/Student/contentlesson/3');
const clock = () => within(screen.getByTestId('exam-countdown')).getByRole('timer').textContent;
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('exam readiness', () => {
  it('shows the time limit, questions, pass mark, attempts and which counts, and starts nothing on opening', async () => {
    const { calls } = renderExam(() =>
      examContent({ closesAt: at(2 * 60 * MINUTE), attemptsUsed: 1, counts: 'last' }),
    );
    const details = await screen.findByRole('list', { name: 'تفاصيل الاختبار' });
    const lines = within(details)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines.slice(0, 5)).toEqual([
      'مدة الاختبار: ٣٠ دقيقة',
      'عدد الأسئلة: ٣',
      'درجة النجاح: ٦٠٪',
      'المحاولات: ١ من ٢',
      'تُحتسب آخر محاولة',
    ]);
    // The closing time in the school's time zone (Cairo, UTC+2): 09:40Z + 2 h is 1:40 in the afternoon.
    expect(lines[5]).toMatch(/^يُغلق الاختبار: .*١:٤٠/);
    expect(button('ابدأ الاختبار')).toBeEnabled();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(starts(calls)).toHaveLength(0);
  });

  it('says an untimed exam has no time limit and leaves out which attempt counts for a single attempt', async () => {
    renderExam(() => examContent({ timeLimitMinutes: null, attemptsAllowed: 1, passMark: null }));
    const details = await screen.findByRole('list', { name: 'تفاصيل الاختبار' });
    expect(within(details).getByText('بدون وقت محدد')).toBeInTheDocument();
    expect(within(details).queryByText(/درجة النجاح/)).toBeNull();
    expect(within(details).queryByText(/تُحتسب/)).toBeNull();
  });

  it('before its opening time: the opening time, a live countdown from the server clock, start disabled; at the time it reads again', async () => {
    let content = () => examContent({ opensAt: at(5 * MINUTE), canStart: false });
    const { calls } = renderExam(() => content());
    const block = await screen.findByTestId('exam-block');
    // 09:45Z is 11:45 in Cairo.
    expect(block).toHaveTextContent(/يبدأ الاختبار في .*١١:٤٥/);
    const wait = within(block).getByRole('timer');
    // Five minutes on the server's clock, not fifteen on the phone's.
    expect(wait.textContent).toMatch(/^يبدأ بعد (٠٥:٠٠|٠٤:٥[٠-٩])$/);
    expect(button('ابدأ الاختبار')).toBeDisabled();
    await tick(MINUTE);
    expect(wait.textContent).toMatch(/^يبدأ بعد (٠٤:٠٠|٠٣:٥[٠-٩])$/);

    const readsBefore = contentReads(calls).length;
    content = () => examContent({ opensAt: at(5 * MINUTE) });
    await tick(4 * MINUTE + 1000);
    await waitFor(() => expect(contentReads(calls).length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(button('ابدأ الاختبار')).toBeEnabled());
    expect(screen.queryByTestId('exam-block')).toBeNull();
  });

  it.each([
    ['closed', { closesAt: at(-MINUTE) }, 'انتهى موعد هذا الاختبار'],
    ['without attempts left', { attemptsUsed: 2 }, 'استنفدت كل المحاولات المتاحة لهذا الاختبار'],
  ])('says why it cannot start when %s', async (_case, overrides, reason) => {
    renderExam(() => examContent({ ...overrides, canStart: false }));
    expect(await screen.findByTestId('exam-block')).toHaveTextContent(reason);
    expect(button('ابدأ الاختبار')).toBeDisabled();
  });

  it("shows the server's refusal of a start in Arabic", async () => {
    const { user, calls } = renderExam(
      () => examContent(),
      ({ url }) =>
        url.pathname === '/api/Student/quizattempt/start'
          ? envelope(403, 'No attempts left', { reason: 'no-attempts-left' })
          : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'ابدأ الاختبار' }));
    expect(await screen.findByText('استنفدت كل المحاولات المتاحة لهذا الاختبار')).toBeInTheDocument();
    expect(starts(calls)).toHaveLength(1);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it.each([
    ['bank-too-small', 'أبلغ معلمك ليعدّل الاختبار'],
    ['bank-changing', 'حاول مرة أخرى بعد قليل'],
  ])(
    'names a question bank that cannot serve the draw (%s) instead of a bare failure',
    async (reason, text) => {
      const { user } = renderExam(
        () => examContent(),
        ({ url }) =>
          url.pathname === '/api/Student/quizattempt/start'
            ? envelope(409, 'The question bank …', { reason })
            : undefined,
      );
      await user.click(await screen.findByRole('button', { name: 'ابدأ الاختبار' }));
      expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.queryByText('تعذر بدء الاختبار، حاول مرة أخرى')).toBeNull();
      expect(screen.getByRole('button', { name: 'ابدأ الاختبار' })).toBeEnabled();
    },
  );
});

describe('exam attempt', () => {
  it('starts an attempt, counts down from the server clock although the phone is 10 minutes off, and saves each answer as chosen', async () => {
    const { user, calls } = renderExam(
      () => examContent(),
      ({ url }) => {
        if (url.pathname === '/api/Student/quizattempt/start') return envelope(200, null, openAttempt());
        if (url.pathname === '/api/Student/quizattempt/answers')
          return envelope(200, null, { saved: 1, deadlineAt: at(30 * MINUTE), serverNow: at(MINUTE) });
        return undefined;
      },
    );
    await user.click(await screen.findByRole('button', { name: 'ابدأ الاختبار' }));
    expect(await screen.findByText('السؤال ١ من ٣')).toBeInTheDocument();
    expect(sentJson(starts(calls)[0])).toEqual({ lessonId: 3 });
    // Thirty minutes from the server's now; from the phone's clock alone it would read ٤٠:٠٠.
    expect(clock()).toMatch(/^(٣٠:٠٠|٢٩:٥[٠-٩])$/);
    expect(screen.getByTestId('exam-countdown')).toHaveAttribute('data-state', 'running');
    expect(screen.getByRole('img', { name: 'صورة السؤال' })).toHaveAttribute(
      'src',
      '/api/files/images/fe.png',
    );

    await user.click(screen.getByRole('radio', { name: 'الحديد' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.method).toBe('PUT');
    expect(sentJson(saves(calls)[0])).toEqual({ lessonId: 3, answers: [{ questionId: 51, answerId: 2 }] });
    await user.click(button('التالي'));
    await user.click(screen.getByRole('radio', { name: 'النيتروجين' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(sentJson(saves(calls)[1])).toEqual({ lessonId: 3, answers: [{ questionId: 52, answerId: 2 }] });
    expect(screen.queryByText('لم يُحفظ، جارٍ إعادة المحاولة…')).toBeNull();
  });

  it('announces the minutes politely at most once a minute, warns at one minute, and at zero reads the content until the server has closed it', async () => {
    let content = () => openAttempt([], 2 * MINUTE);
    const { user, calls } = renderExam(() => content());
    await user.click(await screen.findByRole('button', { name: 'متابعة المحاولة' }));
    expect(clock()).toMatch(/^(٠٢:٠٠|٠١:٥[٠-٩])$/);
    // Named for the exam: the unit banner above the player has a «الوقت المتبقي» of its own.
    expect(screen.getByRole('timer', { name: 'الوقت المتبقي للاختبار' })).toBeInTheDocument();
    const polite = screen.getByTestId('exam-countdown').querySelector('[aria-live="polite"]')!;
    expect(polite).toHaveTextContent('الوقت المتبقي للاختبار دقيقتان');
    await tick(10_000);
    expect(polite).toHaveTextContent('الوقت المتبقي للاختبار دقيقتان');
    const bar = screen.getByTestId('exam-countdown');
    expect(within(bar).queryByRole('alert')).toBeNull();

    await tick(MINUTE);
    expect(screen.getByTestId('exam-countdown')).toHaveAttribute('data-state', 'warning');
    expect(within(bar).getByRole('alert')).toHaveTextContent('باقٍ دقيقة واحدة');
    expect(polite.textContent).toBe('');
    expect(clock()).toMatch(/^٠٠:[٤٥][٠-٩]$/);

    // At zero the server still shows the attempt open for a moment: the content is read again.
    const readsBefore = contentReads(calls).length;
    await tick(MINUTE);
    expect(clock()).toBe('انتهى الوقت');
    expect(screen.getByRole('radio', { name: 'الحديد' })).toBeDisabled();
    expect(
      screen.getByText('انتهى الوقت، وتُسلَّم إجاباتك المحفوظة تلقائيًا. ستظهر نتيجتك هنا.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(contentReads(calls).length).toBe(readsBefore + 1));
    content = () =>
      examContent(
        { attemptsUsed: 1, canStart: true, review: 'never' },
        { questions: [], result: FAILED_AUTO },
      );
    await tick(2500);
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(contentReads(calls).length).toBeGreaterThanOrEqual(readsBefore + 2);
    expect(screen.getByText('سُلّمت تلقائيًا عند انتهاء الوقت')).toBeInTheDocument();
    expect(screen.getByText('لم تبلغ درجة النجاح (٦٠٪)')).toBeInTheDocument();
    expect(screen.getByText('تبقى الدروس التالية مقفلة حتى تنجح في هذا الاختبار.')).toBeInTheDocument();
    expect(screen.getByText('لا تُعرض الإجابات لهذا الاختبار')).toBeInTheDocument();
    expect(screen.queryByTestId('exam-countdown')).toBeNull();
  });

  it('after a reload continues the open attempt at the first unsaved question and submits every answer', async () => {
    const passed: ExamResult = {
      ...FAILED_AUTO,
      score: 100,
      correctCount: 3,
      passed: true,
      submittedBy: 'student',
    };
    const { user, calls, router } = renderExam(
      () =>
        openAttempt([
          { questionId: 51, answerId: 2 },
          { questionId: 52, answerId: 1 },
        ]),
      ({ url }) => {
        if (url.pathname === '/api/quizresult/submit') return envelope(200, 'Quiz submitted', passed);
        if (url.pathname === '/api/Student/quizattempt/answers')
          return envelope(200, null, { saved: 3, deadlineAt: at(30 * MINUTE), serverNow: at(MINUTE) });
        return undefined;
      },
    );
    await user.click(await screen.findByRole('button', { name: 'متابعة المحاولة' }));
    expect(screen.getByText('السؤال ٣ من ٣')).toBeInTheDocument();
    expect(starts(calls)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'الأكسجين' }));
    await user.click(button('إنهاء'));
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(sentJson(callsTo(calls, '/api/quizresult/submit')[0])).toEqual({
      lessonId: 3,
      answers: [
        { questionId: 51, answerId: 2 },
        { questionId: 52, answerId: 1 },
        { questionId: 53, answerId: 1 },
      ],
    });
    expect(screen.getByText('ناجح')).toBeInTheDocument();
    expect(screen.queryByText('سُلّمت تلقائيًا عند انتهاء الوقت')).toBeNull();
    // Passed: the lesson after it opens.
    const curriculum = screen.getByRole('complementary', { name: 'محتوى الكورس' });
    expect(within(curriculum).getByRole('button', { name: /تطبيقات العناصر/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(button('إنهاء والانتقال للدرس التالي'));
    await waitFor(() => expect(router.state.location.search).toBe('?unit=0&lesson=3'));
  });

  it('retries a failed save quietly, says so only when it keeps failing, and clears the notice once saved', async () => {
    let failures = 0;
    const { user, calls } = renderExam(
      () => openAttempt(),
      ({ url }) => {
        if (url.pathname !== '/api/Student/quizattempt/answers') return undefined;
        failures += 1;
        return failures <= 2
          ? envelope(503, 'Busy')
          : envelope(200, null, { saved: 1, deadlineAt: at(30 * MINUTE), serverNow: at(MINUTE) });
      },
    );
    await user.click(await screen.findByRole('button', { name: 'متابعة المحاولة' }));
    await user.click(screen.getByRole('radio', { name: 'الفلور' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    // One failure: nothing shown, the answer stays chosen.
    expect(screen.queryByText('لم يُحفظ، جارٍ إعادة المحاولة…')).toBeNull();
    expect(screen.getByRole('radio', { name: 'الفلور' })).toBeChecked();
    await tick(1100);
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(await screen.findByText('لم يُحفظ، جارٍ إعادة المحاولة…')).toBeInTheDocument();
    await tick(2100);
    await waitFor(() => expect(saves(calls)).toHaveLength(3));
    await waitFor(() => expect(screen.queryByText('لم يُحفظ، جارٍ إعادة المحاولة…')).toBeNull());
    for (const call of saves(calls)) {
      expect(sentJson(call)).toEqual({ lessonId: 3, answers: [{ questionId: 51, answerId: 1 }] });
    }
  });

  it('goes to the result when a save is refused because the time is over', async () => {
    const { user } = renderExam(
      () => openAttempt(),
      ({ url }) =>
        url.pathname === '/api/Student/quizattempt/answers'
          ? envelope(409, ATTEMPT_TIME_OVER, FAILED_AUTO)
          : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'متابعة المحاولة' }));
    await user.click(screen.getByRole('radio', { name: 'الحديد' }));
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.getByText('سُلّمت تلقائيًا عند انتهاء الوقت')).toBeInTheDocument();
    expect(screen.getByText('الإجابات الصحيحة: ١ من ٣')).toBeInTheDocument();
    // Below the pass mark: the lesson after the exam stays locked.
    const curriculum = screen.getByRole('complementary', { name: 'محتوى الكورس' });
    expect(within(curriculum).getByRole('button', { name: /تطبيقات العناصر/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('reads the content again when the submission finds the attempt already closed, and shows its result', async () => {
    let content = () =>
      openAttempt([
        { questionId: 51, answerId: 2 },
        { questionId: 52, answerId: 1 },
      ]);
    const { user, calls } = renderExam(
      () => content(),
      ({ url }) => {
        if (url.pathname === '/api/quizresult/submit') {
          content = () => examContent({ attemptsUsed: 1 }, { result: FAILED_AUTO });
          return envelope(409, 'No attempt is in progress');
        }
        if (url.pathname === '/api/Student/quizattempt/answers')
          return envelope(200, null, { saved: 3, deadlineAt: at(30 * MINUTE), serverNow: at(MINUTE) });
        return undefined;
      },
    );
    await user.click(await screen.findByRole('button', { name: 'متابعة المحاولة' }));
    await user.click(screen.getByRole('radio', { name: 'الذهب' }));
    const readsBefore = contentReads(calls).length;
    await user.click(button('إنهاء'));
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(contentReads(calls).length).toBeGreaterThan(readsBefore);
    expect(screen.queryByText('No attempt is in progress')).toBeNull();
    expect(screen.getByText('سُلّمت تلقائيًا عند انتهاء الوقت')).toBeInTheDocument();
  });
});

describe('exam result', () => {
  it('offers another attempt while one is left, which starts it', async () => {
    const { user, calls } = renderExam(
      () =>
        examContent(
          { attemptsUsed: 1, review: 'after-deadline', reviewAt: at(24 * 60 * MINUTE) },
          { result: { ...FAILED_AUTO, submittedBy: 'student' } },
        ),
      ({ url }) =>
        url.pathname === '/api/Student/quizattempt/start' ? envelope(200, null, openAttempt()) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.getByText('لم تبلغ درجة النجاح (٦٠٪)')).toBeInTheDocument();
    expect(screen.getByText(/^المحاولات المتبقية: ١/)).toBeInTheDocument();
    expect(screen.getByText(/^ستظهر الإجابات بعد .*١١:٤٠/)).toBeInTheDocument();
    expect(screen.queryByText('سُلّمت تلقائيًا عند انتهاء الوقت')).toBeNull();
    expect(screen.queryByRole('button', { name: 'عرض الإجابات الصحيحة' })).toBeNull();
    await user.click(button('محاولة جديدة'));
    await waitFor(() => expect(starts(calls)).toHaveLength(1));
  });

  it('under the best result that counts, shows the latest attempt that scored lower, and that the server submitted it', async () => {
    renderExam(() =>
      examContent(
        {
          attemptsUsed: 2,
          canStart: false,
          latest: {
            attemptNumber: 2,
            score: 40,
            correctCount: 2,
            total: 5,
            submittedBy: 'server',
            passed: false,
            notes: 'Correct answers: 2/5',
            review: [],
          },
        },
        {
          result: {
            ...FAILED_AUTO,
            score: 75,
            correctCount: 3,
            total: 4,
            passed: true,
            submittedBy: 'student',
          },
        },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-latest')).toHaveTextContent(
      'محاولتك الأخيرة (رقم ٢): ٤٠٪، ٢ من ٥ — سُلّمت تلقائيًا عند انتهاء الوقت. تُحتسب أعلى درجاتك، وهي النتيجة أعلاه.',
    );
    expect(screen.getByTestId('exam-passed')).toHaveTextContent('ناجح');
  });

  it('below the pass mark with no attempt left, says the unit stays locked and to ask the teacher', async () => {
    renderExam(() =>
      examContent(
        { attemptsUsed: 2, canStart: false },
        { questions: [], result: { ...FAILED_AUTO, submittedBy: 'student' } },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-passed')).toHaveTextContent(
      'لم تبلغ درجة النجاح (٦٠٪)' +
        'لا يمكنك إعادة هذا الاختبار، فتبقى الدروس التالية في هذه الوحدة مقفلة. تواصل مع معلمك.',
    );
    expect(screen.queryByText(/المحاولات المتبقية/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'محاولة جديدة' })).toBeNull();
  });

  it('below the pass mark, finishing returns to the curriculum instead of the locked lesson after it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: !query.includes('min-width'), media: query }));
    const { user, router } = renderExam(() =>
      examContent({ attemptsUsed: 1 }, { questions: [], result: { ...FAILED_AUTO, submittedBy: 'student' } }),
    );
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إنهاء والانتقال للدرس التالي' })).toBeNull();
    await user.click(button('إنهاء والعودة إلى المنهج'));
    expect(screen.getByRole('dialog', { name: 'محتوى الكورس' })).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(QUIZ_URL);
    expect(screen.queryByText('يجب إكمال الاختبار السابق أولًا')).toBeNull();
  });

  it('below the pass mark as the last lesson of its unit, announces no locked lessons', async () => {
    renderExam(
      () =>
        examContent(
          { attemptsUsed: 1 },
          { id: LAST_OF_UNIT.id, questions: [], result: { ...FAILED_AUTO, submittedBy: 'student' } },
        ),
      undefined,
      LAST_OF_UNIT,
    );
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-passed')).toHaveTextContent(/^لم تبلغ درجة النجاح \(٦٠٪\)$/);
    expect(screen.getByText(/^المحاولات المتبقية: ١/)).toBeInTheDocument();
  });

  it('shows the review with explanations when the settings show it', async () => {
    const reviewed: ExamResult = {
      ...FAILED_AUTO,
      submittedBy: 'student',
      review: [
        {
          questionId: 51,
          chosenAnswerId: 1,
          correctAnswerId: 2,
          isCorrect: false,
          explanation: 'Fe من Ferrum',
        },
      ],
    };
    const { user } = renderExam(() =>
      examContent(
        { attemptsUsed: 2, canStart: false },
        { questions: QUESTIONS.slice(0, 1), result: reviewed },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'عرض الإجابات الصحيحة' }));
    expect(screen.getByText('الحديد').closest('li')).toHaveAttribute('data-state', 'correct');
    expect(screen.getByText('Fe من Ferrum')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'محاولة جديدة' })).toBeNull();
  });

  it('says in the review which questions were left unanswered when the server submitted at the deadline', async () => {
    const reviewed: ExamResult = {
      ...FAILED_AUTO,
      review: [
        { questionId: 51, chosenAnswerId: 2, correctAnswerId: 2, isCorrect: true },
        { questionId: 52, chosenAnswerId: UNANSWERED_ANSWER_ID, correctAnswerId: 1, isCorrect: false },
      ],
    };
    const { user } = renderExam(() =>
      examContent(
        { attemptsUsed: 1, canStart: false },
        { questions: QUESTIONS.slice(0, 2), result: reviewed },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'عرض الإجابات الصحيحة' }));
    const [answered, left] = screen.getAllByText(/^السؤال [١٢] من ٢:/).map((text) => text.closest('li')!);
    expect(within(left!).getByText('لم تُجب عن هذا السؤال، فحُسب خطأً.')).toBeInTheDocument();
    expect(within(left!).getByText('الصوديوم').closest('li')).toHaveAttribute('data-state', 'correct');
    expect(within(answered!).queryByText('لم تُجب عن هذا السؤال، فحُسب خطأً.')).toBeNull();
  });
});
