import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import {
  COURSE_ID,
  DAY_MS,
  NOW,
  daysBefore,
  fakeServer,
  lessonCalls,
  makeCourse,
  videoContent,
} from '../testing/fixtures';
import { Component as CoursePlayerRoute } from './course-player';

function renderPlayer(search = '') {
  return renderRoute(<CoursePlayerRoute />, {
    path: '/course-player/:courseId',
    url: `/course-player/${COURSE_ID}${search}`,
    user: TEST_USER,
    userEvent: { advanceTimers: vi.advanceTimersByTime },
  });
}

const params = (router: ReturnType<typeof renderPlayer>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

const curriculum = () => screen.getByRole('complementary', { name: 'محتوى الكورس' });
const lessonButton = (name: string) => within(curriculum()).getByRole('button', { name: new RegExp(name) });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('course player: which lesson opens', () => {
  it('without query parameters opens the lesson after the last completed one and writes it into the URL', async () => {
    const calls = fakeServer({});
    const { router } = renderPlayer();
    expect(await screen.findByRole('heading', { name: 'درس 2' })).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '0', lesson: '1' });
    expect(calls[0]!.url.pathname).toBe('/api/Course/tree-course-with-progress');
    expect(calls[0]!.url.searchParams.get('courseid')).toBe(String(COURSE_ID));
    expect(lessonCalls(calls)).toEqual(['/api/Student/contentlesson/2']);
  });

  it('opens the lesson named by valid unit and lesson parameters and keeps them', async () => {
    const calls = fakeServer({});
    const { router } = renderPlayer('?unit=1&lesson=1');
    expect(await screen.findByRole('heading', { name: 'درس 6' })).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '1', lesson: '1' });
    expect(lessonCalls(calls)).toEqual(['/api/Student/contentlesson/6']);
  });

  it.each([
    ['out of range', '?unit=1&lesson=9'],
    ['not a plain number', '?unit=1&lesson=1.0'],
    ['locked behind an unsubmitted quiz', '?unit=0&lesson=3'],
  ])('ignores parameters that are %s and rewrites the URL with the chosen lesson', async (_why, search) => {
    fakeServer({});
    const { router } = renderPlayer(search);
    expect(await screen.findByRole('heading', { name: 'درس 2' })).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '0', lesson: '1' });
  });

  it.each([
    ['locked behind an unsubmitted quiz', '?unit=0&lesson=3', 'يجب إكمال الاختبار السابق أولًا'],
    ['beyond its unit', '?unit=1&lesson=9', 'الدرس غير متاح'],
  ])('says why a link to a lesson %s opened another', async (_why, search, said) => {
    fakeServer({});
    renderPlayer(search);
    expect(await screen.findByRole('heading', { name: 'درس 2' })).toBeInTheDocument();
    expect(screen.getByText(said)).toBeInTheDocument();
  });

  it('says nothing when a link names no lesson, or one that opens', async () => {
    fakeServer({});
    renderPlayer('?unit=1&lesson=1');
    expect(await screen.findByRole('heading', { name: 'درس 6' })).toBeInTheDocument();
    expect(screen.queryByText('يجب إكمال الاختبار السابق أولًا')).not.toBeInTheDocument();
    expect(screen.queryByText('الدرس غير متاح')).not.toBeInTheDocument();
  });

  it('choosing a lesson in the curriculum opens it and updates the URL', async () => {
    const calls = fakeServer({});
    const { router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    await user.click(screen.getByRole('button', { name: /الوحدة الثانية/ }));
    await user.click(lessonButton('التحليل الكمي'));
    expect(await screen.findByRole('heading', { name: 'درس 6' })).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '1', lesson: '1' });
    expect(lessonCalls(calls)).toEqual(['/api/Student/contentlesson/2', '/api/Student/contentlesson/6']);
  });

  it('shows the course name without its subject, the position n / total and the percent complete', async () => {
    fakeServer({});
    renderPlayer('?unit=1&lesson=0');
    await screen.findByRole('heading', { name: 'درس 5' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('الكيمياء للصف الثالث')).toBeInTheDocument();
    // Lesson 5 of 8 lessons; 1 of 8 done → 13 %.
    expect(within(header).getByText('٥ / ٨')).toBeInTheDocument();
    expect(within(header).getByText('١٣٪ مكتمل')).toBeInTheDocument();
    expect(within(header).getByRole('progressbar', { name: 'نسبة إكمال الكورس' })).toHaveAttribute(
      'aria-valuenow',
      '13',
    );
  });
});

describe('course player: curriculum and locks', () => {
  it('lists units with number, name, lesson count and availability, and marks lessons by type and completion', async () => {
    fakeServer({});
    renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    const firstUnit = screen.getByRole('button', { name: /الوحدة الأولى/ });
    expect(firstUnit).toHaveTextContent('الوحدة ١');
    expect(firstUnit).toHaveTextContent('٤ دروس');
    // Enrolled 3 days ago: the first unit (7-day window) has 4 days left, shown green.
    expect(within(firstUnit).getByText('متاحة، يتبقى ٤ أيام')).toHaveClass('text-green-700');
    expect(lessonButton('مقدمة العناصر')).toHaveTextContent('درس فيديو');
    expect(lessonButton('مقدمة العناصر')).toHaveTextContent('مكتمل');
    expect(lessonButton('خواص العناصر')).not.toHaveTextContent('مكتمل');
    expect(lessonButton('اختبار العناصر')).toHaveTextContent('اختبار');
  });

  it('shows urgent days left in orange and an open-to-all course as always available', async () => {
    fakeServer({ course: makeCourse({ enrollmentDate: daysBefore(5) }) });
    const { unmount } = renderPlayer();
    const unit = await screen.findByRole('button', { name: /الوحدة الأولى/ });
    expect(within(unit).getByText('متاحة، يتبقى يومان')).toHaveClass('text-orange-700');
    unmount();

    fakeServer({ course: makeCourse({ isOpenToAll: true, enrollmentDate: null }) });
    renderPlayer();
    const openUnit = await screen.findByRole('button', { name: /الوحدة الأولى/ });
    expect(within(openUnit).getByText('متاح دائمًا')).toBeInTheDocument();
  });

  it('disables the lessons after an unsubmitted quiz with a lock, and says why when one is tapped', async () => {
    const calls = fakeServer({});
    const { router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    const locked = lessonButton('تطبيقات العناصر');
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    expect(locked).toHaveTextContent('مقفل');
    expect(lessonButton('اختبار العناصر')).not.toHaveAttribute('aria-disabled');
    expect(lessonButton('خواص العناصر')).toHaveAttribute('aria-current', 'step');

    await user.click(locked);
    expect(await screen.findByText('يجب إكمال الاختبار السابق أولًا')).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '0', lesson: '1' });
    expect(lessonCalls(calls)).toEqual(['/api/Student/contentlesson/2']);
  });

  it('disables a unit whose window has ended with a lock, and tapping it gives its availability message', async () => {
    // Enrolled 10 days ago: unit 1 (7 days) has ended, unit 2 (14 days) has 4 days left.
    fakeServer({ course: makeCourse({ enrollmentDate: daysBefore(10) }) });
    const { router, user } = renderPlayer();
    // Nothing done in the open units: the first open lesson.
    expect(await screen.findByRole('heading', { name: 'درس 5' })).toBeInTheDocument();
    expect(params(router)).toEqual({ unit: '1', lesson: '0' });
    const ended = screen.getByRole('button', { name: /الوحدة الأولى/ });
    expect(ended).toHaveAttribute('aria-disabled', 'true');
    expect(within(ended).getByText('انتهت فترة الوصول لهذه الوحدة')).toHaveClass('text-red-700');
    expect(within(curriculum()).queryByRole('button', { name: /مقدمة العناصر/ })).toBeNull();

    await user.click(ended);
    expect(within(screen.getByRole('alert')).getByText('انتهت فترة الوصول لهذه الوحدة')).toBeInTheDocument();
  });

  it("counts the windows in the tenant's time zone the server sends (Oman)", async () => {
    // Enrolled 14:00 on 18 November in Muscat; now 01:30 on 25 November there (23:30 on the 24th in
    // Cairo): unit 1 has ended, as the server says, and unit 2 has 7 days left.
    vi.setSystemTime(new Date('2026-11-24T21:30:00Z'));
    fakeServer({
      course: makeCourse({ enrollmentDate: '2026-11-18T10:00:00.000Z', timeZone: 'Asia/Muscat' }),
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'درس 5' })).toBeInTheDocument();
    const first = screen.getByRole('button', { name: /الوحدة الأولى/ });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toHaveTextContent('انتهت فترة الوصول لهذه الوحدة');
    expect(screen.getByRole('button', { name: /الوحدة الثانية/ })).toHaveTextContent('متاحة، يتبقى ٧ أيام');
  });

  it('turns the unit ended everywhere on the page the moment its countdown ends', async () => {
    // Enrolled 6 days ago: unit 1's window ends at Cairo's next midnight, 2025-03-10T22:00Z; the
    // page opens a minute and a half before.
    const end = new Date('2025-03-10T22:00:00Z').getTime();
    vi.setSystemTime(end - 90_000);
    fakeServer({ course: makeCourse({ enrollmentDate: daysBefore(6) }) });
    renderPlayer('?unit=0&lesson=1');
    await screen.findByRole('heading', { name: 'درس 2' });
    const first = () => screen.getByRole('button', { name: /الوحدة الأولى/ });
    act(() => {
      vi.advanceTimersByTime(end - Date.now() - 30_000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent('أقل من دقيقة');
    expect(first()).toHaveTextContent('متاحة، يتبقى يوم واحد');
    expect(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' })).toBeEnabled();

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(first()).toHaveTextContent('انتهت فترة الوصول لهذه الوحدة');
    expect(first()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('متاحة، يتبقى يوم واحد')).toBeNull();
    // The ended unit's lesson is gone at once; the player moves on to the open second unit, whose
    // window the countdown now counts.
    expect(screen.queryByRole('heading', { name: 'درس 2' })).toBeNull();
    expect(screen.getByTestId('countdown')).toHaveTextContent('٧ أيام');
    expect(await screen.findByRole('heading', { name: 'درس 5' })).toBeInTheDocument();
  });

  it('says when a unit opens, and that the enrolment date is missing, with the units locked', async () => {
    fakeServer({
      course: makeCourse({ enrollmentDate: new Date(NOW.getTime() + 2 * DAY_MS).toISOString() }),
    });
    const { unmount } = renderPlayer();
    const later = await screen.findByRole('button', { name: /الوحدة الأولى/ });
    expect(later).toHaveTextContent('هذه الوحدة ستكون متاحة خلال يومين');
    // No unit is open: the main area says so instead of loading a lesson.
    expect(
      within(screen.getByRole('main')).getByText('هذه الوحدة ستكون متاحة خلال يومين'),
    ).toBeInTheDocument();
    unmount();

    fakeServer({ course: makeCourse({ enrollmentDate: null }) });
    renderPlayer();
    const noDate = await screen.findByRole('button', { name: /الوحدة الثانية/ });
    expect(noDate).toHaveTextContent('تاريخ الاشتراك غير متاح');
    expect(noDate).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('course player: sidebar', () => {
  const phone = () =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: !query.includes('min-width'), media: query }));

  it('is open on wide screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('min-width'), media: query }));
    fakeServer({});
    renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    expect(curriculum()).toBeVisible();
    expect(screen.getByRole('button', { name: 'إخفاء المنهج' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('is a modal dialog on phones: closed at first, Escape returns the focus to its button, a lesson closes it', async () => {
    phone();
    fakeServer({});
    const { user, router } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    expect(screen.queryByRole('complementary', { name: 'محتوى الكورس' })).toBeNull();

    const toggle = screen.getByRole('button', { name: 'إظهار المنهج' });
    await user.click(toggle);
    expect(screen.getByRole('dialog', { name: 'محتوى الكورس' })).toHaveAttribute('aria-modal', 'true');
    expect(curriculum()).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'إظهار المنهج' }));
    await user.click(screen.getByRole('button', { name: 'إغلاق المنهج' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'إظهار المنهج' }));
    await user.click(lessonButton('مقدمة العناصر'));
    expect(params(router)).toEqual({ unit: '0', lesson: '0' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'محتوى الكورس' })).toBeNull());
  });
});

describe('course player: countdown', () => {
  it('counts down to the end of the open unit in Arabic-Indic digits for a time-limited course', async () => {
    fakeServer({});
    renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    // Enrolled 3 days ago: unit 1 closes at Cairo midnight 4 days on, 3 days 12.5 hours from now.
    expect(screen.getByRole('timer')).toHaveTextContent('٣ أيام و١٢ ساعة');
  });

  it('shows no countdown for a course open to all', async () => {
    fakeServer({ course: makeCourse({ isOpenToAll: true }) });
    renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('course player: errors', () => {
  it.each([
    [404, 'Course details not found.'],
    [403, 'You are not enrolled in this course'],
  ])('shows Course Not Found with a way back to my courses on %i', async (status, message) => {
    fakeServer({
      extra: ({ url }) =>
        url.pathname === '/api/Course/tree-course-with-progress' ? envelope(status, message) : undefined,
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'الكورس غير موجود' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى كورساتي' })).toHaveAttribute(
      'href',
      '/enrolled-courses',
    );
  });

  it.each([
    ['previous-quiz', 'You must complete the previous quiz first', 'يجب إكمال الاختبار السابق أولًا'],
    ['unit-ended', 'The access period for this unit has ended', 'انتهت فترة الوصول لهذه الوحدة'],
    ['unit-not-yet-open', 'This unit is not open yet', 'هذه الوحدة غير متاحة حاليًا'],
    ['not-enrolled', 'You are not enrolled in this course', 'أنت غير مشترك في هذا الكورس'],
    // The reason is read from the answer's data, whatever its English message says.
    ['unit-ended', 'Forbidden', 'انتهت فترة الوصول لهذه الوحدة'],
  ])('shows the reason of a refused lesson in Arabic (%s: %s)', async (reason, message, shown) => {
    fakeServer({
      extra: ({ url }) =>
        url.pathname.startsWith('/api/Student/contentlesson/')
          ? envelope(403, message, { reason })
          : undefined,
    });
    renderPlayer();
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('says only that the lesson is refused when the 403 gives no reason', async () => {
    fakeServer({
      extra: ({ url }) =>
        url.pathname.startsWith('/api/Student/contentlesson/')
          ? envelope(403, 'The access period for this unit has ended')
          : undefined,
    });
    renderPlayer();
    expect(await screen.findByText('ليس لديك صلاحية لفتح هذا الدرس')).toBeInTheDocument();
  });
});

describe('course player: video completion', () => {
  function stubProgress(element: HTMLVideoElement, currentTime: number, duration: number) {
    Object.defineProperty(element, 'duration', { configurable: true, value: duration });
    Object.defineProperty(element, 'currentTime', { configurable: true, writable: true, value: currentTime });
    fireEvent.timeUpdate(element);
  }

  it('shows "Complete & Continue" only once more than 90 % is played', async () => {
    fakeServer({});
    const { container } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    const element = container.querySelector('video')!;
    expect(screen.queryByRole('button', { name: 'أكمل وتابع' })).toBeNull();
    stubProgress(element, 45, 100);
    expect(screen.queryByRole('button', { name: 'أكمل وتابع' })).toBeNull();
    stubProgress(element, 90, 100);
    expect(screen.queryByRole('button', { name: 'أكمل وتابع' })).toBeNull();
    stubProgress(element, 90.5, 100);
    expect(screen.getByRole('button', { name: 'أكمل وتابع' })).toBeInTheDocument();
    // Seeking back does not take it away.
    stubProgress(element, 10, 100);
    expect(screen.getByRole('button', { name: 'أكمل وتابع' })).toBeInTheDocument();
  });

  it('"Complete & Continue" records the lesson, celebrates and opens the next lesson at once', async () => {
    const calls = fakeServer({});
    const { container, router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    stubProgress(container.querySelector('video')!, 95, 100);
    await user.click(screen.getByRole('button', { name: 'أكمل وتابع' }));

    await waitFor(() => expect(params(router)).toEqual({ unit: '0', lesson: '2' }));
    const complete = calls.find((call) => call.url.pathname === '/api/Student/lesson-complete/2');
    expect(complete?.method).toBe('POST');
    expect(JSON.parse(localStorage.getItem(`completed_lessons_${COURSE_ID}`)!)).toEqual(['2']);
    expect(screen.getByText('أحسنت!')).toBeInTheDocument();
    expect(lessonButton('خواص العناصر')).toHaveTextContent('مكتمل');
    // 2 of 8 lessons done now.
    expect(screen.getByText('٢٥٪ مكتمل')).toBeInTheDocument();
  });

  it('reads "Complete Lesson" on the last lesson of the course', async () => {
    fakeServer({});
    const { container } = renderPlayer('?unit=2&lesson=0');
    await screen.findByRole('heading', { name: 'درس 8' });
    stubProgress(container.querySelector('video')!, 99, 100);
    expect(screen.getByRole('button', { name: 'إنهاء الدرس' })).toBeInTheDocument();
  });

  it('"I enjoyed the lecture" completes the video, shows the cheer for 2 s, then opens the next lesson', async () => {
    const calls = fakeServer({});
    const { router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));

    expect(await screen.findByText('أحسنت!')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/Student/lesson-complete/2')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(`completed_lessons_${COURSE_ID}`)!)).toEqual(['2']);
    // The course tree is fetched again for the new marks.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.pathname === '/api/Course/tree-course-with-progress'),
      ).toHaveLength(2),
    );

    vi.advanceTimersByTime(1900);
    expect(params(router)).toEqual({ unit: '0', lesson: '1' });
    vi.advanceTimersByTime(150);
    await waitFor(() => expect(params(router)).toEqual({ unit: '0', lesson: '2' }));
    await waitFor(() => expect(screen.queryByText('أحسنت!')).toBeNull());
  });

  it('choosing another lesson during the cheer cancels the move to the next one', async () => {
    fakeServer({});
    const { router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));
    await screen.findByText('أحسنت!');
    await user.click(lessonButton('مقدمة العناصر'));
    expect(params(router)).toEqual({ unit: '0', lesson: '0' });
    vi.advanceTimersByTime(2500);
    expect(params(router)).toEqual({ unit: '0', lesson: '0' });
  });

  // Issue 15, defect 12. The spec reloads the page when there is no next lesson; the player shows
  // the end of the course in place instead (README), without a reload.
  it('"I enjoyed the lecture" on the last lesson shows the end of the course after the 2 s cheer', async () => {
    const calls = fakeServer({});
    const { router, user } = renderPlayer('?unit=2&lesson=0');
    await screen.findByRole('heading', { name: 'درس 8' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));
    await screen.findByText('أحسنت!');
    const treeCalls = () =>
      calls.filter((call) => call.url.pathname === '/api/Course/tree-course-with-progress');
    await waitFor(() => expect(treeCalls()).toHaveLength(2));
    vi.advanceTimersByTime(1900);
    expect(screen.queryByRole('heading', { name: 'وصلت إلى نهاية الكورس' })).toBeNull();
    vi.advanceTimersByTime(200);

    const end = await screen.findByRole('region', { name: 'وصلت إلى نهاية الكورس' });
    // Lessons 1 and 8 of 8 are done: the rest is still to do, and the curriculum is one click away.
    expect(end).toHaveTextContent('أكملت ٢٥٪ من الكورس');
    expect(end).toHaveTextContent('بقيت دروس لم تكملها بعد، افتح المنهج لإكمالها.');
    expect(within(end).getByRole('link', { name: 'العودة إلى كورساتي' })).toHaveAttribute(
      'href',
      '/enrolled-courses',
    );
    expect(screen.queryByRole('heading', { name: 'درس 8' })).toBeNull();
    // The pressed button went with the lesson: a keyboard student lands on the new heading.
    await waitFor(() =>
      expect(within(end).getByRole('heading', { level: 1, name: 'وصلت إلى نهاية الكورس' })).toHaveFocus(),
    );
    // No reload: the course is not fetched again, and the student stays on the same address.
    expect(treeCalls()).toHaveLength(2);
    expect(params(router)).toEqual({ unit: '2', lesson: '0' });

    await user.click(within(end).getByRole('button', { name: 'مشاهدة الدرس مرة أخرى' }));
    expect(await screen.findByRole('heading', { name: 'درس 8' })).toBeInTheDocument();
  });

  it('says the course is complete when the last lesson was the last one left', async () => {
    const done = makeCourse();
    for (const unit of done.units)
      for (const lesson of unit.lessons) {
        lesson.isCompleted = lesson.type === 'Video' && lesson.id !== 8;
        lesson.isQuizSubmitted = lesson.type === 'Quiz';
      }
    fakeServer({ course: done });
    const { user } = renderPlayer('?unit=2&lesson=0');
    await screen.findByRole('heading', { name: 'درس 8' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));
    await screen.findByText('أحسنت!');
    vi.advanceTimersByTime(2100);
    const end = await screen.findByRole('region', { name: 'أكملت الكورس بنجاح!' });
    expect(end).toHaveTextContent('أكملت ١٠٠٪ من الكورس');
    expect(screen.getByText('١٠٠٪ مكتمل')).toBeInTheDocument();
  });

  it('keeps the student on the lesson with an error when the completion cannot be saved', async () => {
    fakeServer({
      extra: ({ url }) =>
        url.pathname.startsWith('/api/Student/lesson-complete/') ? envelope(500, 'boom') : undefined,
    });
    const { router, user } = renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));
    expect(await screen.findByText('تعذر حفظ إكمال الدرس، حاول مرة أخرى')).toBeInTheDocument();
    expect(screen.queryByText('أحسنت!')).toBeNull();
    expect(localStorage.getItem(`completed_lessons_${COURSE_ID}`)).toBeNull();
    vi.advanceTimersByTime(3000);
    expect(params(router)).toEqual({ unit: '0', lesson: '1' });
  });

  it('counts a completion stored in this browser before the server reports it', async () => {
    localStorage.setItem(`completed_lessons_${COURSE_ID}`, JSON.stringify(['2']));
    fakeServer({});
    const { router } = renderPlayer();
    // Lessons 1 and 2 are done: the player resumes at the quiz after them.
    await waitFor(() => expect(params(router)).toEqual({ unit: '0', lesson: '2' }));
    expect(lessonButton('خواص العناصر')).toHaveTextContent('مكتمل');
  });
});

describe('course player: attachment and watermark', () => {
  it('shows the attachment card with a file-type badge and a download link', async () => {
    fakeServer({
      content: (id) =>
        videoContent(id, { attachmentUrl: '/files/notes/summary.pdf', attachmentTitle: 'ملخص الدرس' }),
    });
    renderPlayer();
    const card = await screen.findByRole('region', { name: 'ملفات الكورس' });
    expect(within(card).getByText('ملخص الدرس')).toBeInTheDocument();
    expect(within(card).getByText('PDF')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'تحميل ملخص الدرس' })).toHaveAttribute(
      'href',
      '/files/notes/summary.pdf',
    );
  });

  it("draws the student's phone number over the video at the player's opacity", async () => {
    fakeServer({});
    renderPlayer();
    await screen.findByRole('heading', { name: 'درس 2' });
    const mark = screen.getByTestId('watermark');
    expect(mark).toHaveTextContent(TEST_USER.phoneNumber);
    expect(mark).toHaveStyle({ opacity: '0.2' });
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('region', { name: 'مشغل الفيديو' })).toContainElement(mark);
  });
});
