// The quiz inside the course player: readiness, one question at a time, the server's grade, the
// review and moving on.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sentJson } from '../../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../../test/render';
import { Component as CoursePlayerRoute } from '../../routes/course-player';
import { COURSE_ID, HALF_RIGHT, NOW, fakeServer, quizContent } from '../../testing/fixtures';

// Lesson 3 of the fixture course: a quiz, followed by a video it locks.
const QUIZ_URL = `/course-player/${COURSE_ID}?unit=0&lesson=2`;

function renderQuiz(
  content: ReturnType<typeof quizContent> = quizContent(3),
  extra?: Parameters<typeof fakeServer>[0]['extra'],
) {
  const calls = fakeServer({ content: (id) => (id === 3 ? content : undefined), extra });
  const view = renderRoute(<CoursePlayerRoute />, {
    path: '/course-player/:courseId',
    url: QUIZ_URL,
    user: TEST_USER,
    userEvent: { advanceTimers: vi.advanceTimersByTime },
  });
  return { ...view, calls };
}

const button = (name: string) => screen.getByRole('button', { name });
const submits = (calls: ReturnType<typeof renderQuiz>['calls']) =>
  calls.filter((call) => call.url.pathname === '/api/quizresult/submit');

async function answerBoth(user: ReturnType<typeof renderQuiz>['user']) {
  await user.click(await screen.findByRole('button', { name: 'جاهز' }));
  await user.click(screen.getByRole('radio', { name: 'الحديد' }));
  await user.click(button('التالي'));
  await user.click(screen.getByRole('radio', { name: 'النيتروجين' }));
  await user.click(button('إنهاء'));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('quiz', () => {
  it('starts on a readiness screen with the name and subtitle; Curriculum opens the sidebar', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: !query.includes('min-width'), media: query }));
    const { user } = renderQuiz();
    expect(await screen.findByRole('heading', { name: 'اختبار العناصر' })).toBeInTheDocument();
    expect(screen.getByText('سؤالان فقط')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    // On a phone the curriculum starts closed.
    expect(screen.getByRole('button', { name: 'إظهار المنهج' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(button('المنهج'));
    expect(screen.getByRole('button', { name: 'إخفاء المنهج' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'محتوى الكورس' })).toBeVisible();
  });

  it("treats the subtitle 'null' as empty", async () => {
    renderQuiz(quizContent(3, { titel: 'null' }));
    await screen.findByRole('heading', { name: 'اختبار العناصر' });
    expect(screen.queryByText('null')).toBeNull();
  });

  it('goes one question at a time; next is disabled until an answer is chosen; the answer can change', async () => {
    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'جاهز' }));
    expect(screen.getByText('السؤال ١ من ٢')).toBeInTheDocument();
    // Progress counts answered questions: none yet.
    expect(screen.getByText('٠٪ مكتمل')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'التقدم في الاختبار' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByRole('radiogroup', { name: 'ما العنصر الذي رمزه Fe؟' })).toBeInTheDocument();
    expect(button('التالي')).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'الفلور' }));
    expect(button('التالي')).toBeEnabled();
    expect(screen.getByText('٥٠٪ مكتمل')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'الحديد' }));
    expect(screen.getByRole('radio', { name: 'الحديد' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'الفلور' })).not.toBeChecked();

    await user.click(button('التالي'));
    expect(screen.getByText('السؤال ٢ من ٢')).toBeInTheDocument();
    expect(screen.getByText('٥٠٪ مكتمل')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'الحديد' })).toBeNull();
    expect(screen.queryByRole('button', { name: /السابق|رجوع/ })).toBeNull();
    expect(button('إنهاء')).toBeDisabled();
  });

  it('answers with the keyboard (arrow keys move within the radio group)', async () => {
    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'جاهز' }));
    screen.getByRole('radio', { name: 'الحديد' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'الحديد' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'الفلور' })).toBeChecked();
    expect(button('التالي')).toBeEnabled();
  });

  it('moves the focus to the first question after Ready and to the result after Finish', async () => {
    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'جاهز' }));
    expect(screen.getByRole('heading', { name: 'ما العنصر الذي رمزه Fe؟' })).toHaveFocus();
    await user.keyboard('{Tab}');
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'الحديد' })).toBeChecked();
    await user.click(button('التالي'));
    await user.click(screen.getByRole('radio', { name: 'النيتروجين' }));
    await user.click(button('إنهاء'));
    const result = await screen.findByRole('heading', { name: 'نتيجة الاختبار' });
    await waitFor(() => expect(result).toHaveFocus());
  });

  it('submits the answers, shows the grade and the review, and finish opens the next lesson', async () => {
    const { user, calls, router, queryClient } = renderQuiz();
    await screen.findByRole('heading', { name: 'اختبار العناصر' });
    // The video after the unsubmitted quiz is locked until it is submitted.
    const curriculum = screen.getByRole('complementary', { name: 'محتوى الكورس' });
    expect(within(curriculum).getByRole('button', { name: /تطبيقات العناصر/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const lessonState = () => queryClient.getQueryState(['lesson', 3]);

    await answerBoth(user);

    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(submits(calls)).toHaveLength(1);
    expect(sentJson(submits(calls)[0])).toEqual({
      lessonId: 3,
      answers: [
        { questionId: 31, answerId: 311 },
        { questionId: 32, answerId: 321 },
      ],
    });
    expect(screen.getByText('٥٠٪')).toBeInTheDocument();
    expect(screen.getByText('الإجابات الصحيحة: ١ من ٢')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'النسبة المئوية' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    // The marks are fetched again: the course tree and the lesson.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.pathname === '/api/Course/tree-course-with-progress'),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(lessonState()?.dataUpdateCount).toBe(2));
    expect(within(curriculum).getByRole('button', { name: /تطبيقات العناصر/ })).not.toHaveAttribute(
      'aria-disabled',
    );

    await user.click(button('عرض الإجابات الصحيحة'));
    const right = screen.getByText('الحديد').closest('li')!;
    expect(right).toHaveAttribute('data-state', 'correct');
    expect(right).toHaveClass('border-green-600');
    expect(right).toHaveTextContent('الإجابة الصحيحة');
    expect(right).toHaveTextContent('إجابتك صحيحة');
    const wrong = screen.getByText('النيتروجين').closest('li')!;
    expect(wrong).toHaveAttribute('data-state', 'wrong');
    expect(wrong).toHaveClass('border-red-600');
    expect(wrong).toHaveTextContent('إجابتك خاطئة');
    const missed = screen.getByText('الصوديوم').closest('li')!;
    expect(missed).toHaveAttribute('data-state', 'correct');
    expect(missed).toHaveTextContent('الإجابة الصحيحة');
    expect(screen.getByText('الفلور').closest('li')).toHaveAttribute('data-state', 'neutral');

    await user.click(button('إنهاء والانتقال للدرس التالي'));
    await waitFor(() => expect(router.state.location.search).toBe('?unit=0&lesson=3'));
    expect(await screen.findByRole('heading', { name: 'درس 4' })).toBeInTheDocument();
  });

  it('shows a failed submission in a red box and submits again on retry', async () => {
    let attempts = 0;
    const { user, calls } = renderQuiz(quizContent(3), ({ url }) => {
      if (url.pathname !== '/api/quizresult/submit') return undefined;
      attempts += 1;
      return attempts === 1 ? envelope(500, 'Database is busy') : envelope(200, 'Quiz submitted', HALF_RIGHT);
    });
    await answerBoth(user);
    // The server's message, in a red box.
    expect(await screen.findByText('Database is busy')).toBeInTheDocument();
    expect(screen.getByText('Database is busy').closest('[role=alert]')).toHaveClass('bg-red-50');
    expect(screen.queryByRole('heading', { name: 'نتيجة الاختبار' })).toBeNull();
    await user.click(button('إعادة المحاولة'));
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(submits(calls)).toHaveLength(2);
    expect(sentJson(submits(calls)[1])).toEqual(sentJson(submits(calls)[0]));
  });

  it('says the student is not authorised on a 401', async () => {
    const { user } = renderQuiz(quizContent(3), ({ url }) => {
      if (url.pathname === '/api/Auth/refresh-token') return envelope(401, 'Invalid refresh token');
      if (url.pathname === '/api/quizresult/submit')
        return envelope(401, 'You are not authorized to submit quiz results');
      return undefined;
    });
    await answerBoth(user);
    expect(await screen.findByText('غير مصرح لك بإرسال نتيجة الاختبار')).toBeInTheDocument();
  });

  it('uses the generic text when the server gives no message', async () => {
    const { user } = renderQuiz(quizContent(3), ({ url }) =>
      url.pathname === '/api/quizresult/submit' ? new Response('', { status: 502 }) : undefined,
    );
    await answerBoth(user);
    expect(await screen.findByText('فشل إرسال نتيجة الاختبار')).toBeInTheDocument();
  });

  it('disables the finish button while submitting', async () => {
    const { user } = renderQuiz(quizContent(3), ({ url }) =>
      url.pathname === '/api/quizresult/submit' ? new Promise<Response>(() => undefined) : undefined,
    );
    await answerBoth(user);
    expect(await screen.findByRole('button', { name: 'جارٍ الإرسال...' })).toBeDisabled();
  });

  it('opens a quiz already submitted directly on its result', async () => {
    const { user, calls } = renderQuiz(quizContent(3, { result: HALF_RIGHT }));
    expect(await screen.findByRole('heading', { name: 'نتيجة الاختبار' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'جاهز' })).toBeNull();
    expect(screen.getByText('الإجابات الصحيحة: ١ من ٢')).toBeInTheDocument();
    await user.click(button('عرض الإجابات الصحيحة'));
    expect(screen.getByText('الصوديوم').closest('li')).toHaveAttribute('data-state', 'correct');
    expect(submits(calls)).toHaveLength(0);
  });

  it('says no questions are available for an empty quiz', async () => {
    renderQuiz(quizContent(3, { questions: [] }));
    expect(await screen.findByText('لا توجد أسئلة متاحة')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'جاهز' })).toBeNull();
  });
});
