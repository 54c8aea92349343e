import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { NOW, daysBefore, fakeServer, lessonCalls, makeUnit, quiz, video } from '../testing/fixtures';
import { Component as UnitViewerRoute } from './unit-viewer';

function renderViewer(search = '') {
  return renderRoute(<UnitViewerRoute />, {
    path: '/unit-viewer/:unitId',
    url: `/unit-viewer/12${search}`,
    user: TEST_USER,
    userEvent: { advanceTimers: vi.advanceTimersByTime },
  });
}

const lessons = () => screen.getByRole('complementary', { name: 'الوحدة الثانية: المغناطيسية' });
const lessonButton = (name: string) => within(lessons()).getByRole('button', { name: new RegExp(name) });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('unit viewer', () => {
  it('loads the unit with its progress and opens the lesson after the last done one', async () => {
    const calls = fakeServer({});
    const { router } = renderViewer();
    expect(await screen.findByRole('heading', { name: 'درس 43' })).toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/Course/tree-unit-with-progress');
    expect(calls[0]!.url.searchParams.get('unitId')).toBe('12');
    expect(router.state.location.search).toBe('?lesson=2');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('الوحدة الثانية: المغناطيسية - القوة المغناطيسية')).toBeInTheDocument();
    expect(within(header).getByText('الدرس ٣ من ٦')).toBeInTheDocument();
  });

  it('opens the lesson given by ?lesson= and moves there when one is chosen', async () => {
    const calls = fakeServer({});
    const { router, user } = renderViewer('?lesson=0');
    expect(await screen.findByRole('heading', { name: 'درس 41' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lesson=0');
    await user.click(lessonButton('القوة المغناطيسية'));
    expect(await screen.findByRole('heading', { name: 'درس 43' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lesson=2');
    expect(lessonCalls(calls)).toEqual(['/api/Student/contentlesson/41', '/api/Student/contentlesson/43']);
  });

  it('locks every lesson after an unsubmitted quiz, and marks completed videos and submitted quizzes', async () => {
    fakeServer({});
    const { user, router } = renderViewer();
    await screen.findByRole('heading', { name: 'درس 43' });
    expect(lessonButton('المجال المغناطيسي')).toHaveTextContent('مكتمل');
    expect(lessonButton('اختبار قصير')).toHaveTextContent('تم التسليم');
    expect(lessonButton('اختبار قصير')).toHaveTextContent('اختبار');
    expect(lessonButton('القوة المغناطيسية')).not.toHaveAttribute('aria-disabled');
    expect(lessonButton('اختبار المجال')).not.toHaveAttribute('aria-disabled');
    for (const name of ['الجلفانومتر', 'الأميتر']) {
      expect(lessonButton(name)).toHaveAttribute('aria-disabled', 'true');
      expect(lessonButton(name)).toHaveTextContent('مقفل');
    }
    await user.click(lessonButton('الأميتر'));
    expect(await screen.findByText('يجب إكمال الاختبار السابق أولًا')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lesson=2');
  });

  it('ignores a ?lesson= that is locked or out of range', async () => {
    fakeServer({});
    const { router } = renderViewer('?lesson=5');
    await screen.findByRole('heading', { name: 'درس 43' });
    expect(router.state.location.search).toBe('?lesson=2');
  });

  it.each([
    ['locked behind an unsubmitted quiz', '?lesson=5', 'يجب إكمال الاختبار السابق أولًا'],
    ['beyond the unit', '?lesson=9', 'الدرس غير متاح'],
  ])('says why a link to a lesson %s opened another', async (_why, search, said) => {
    fakeServer({});
    renderViewer(search);
    expect(await screen.findByRole('heading', { name: 'درس 43' })).toBeInTheDocument();
    expect(screen.getByText(said)).toBeInTheDocument();
  });

  it('says nothing when the link names a lesson that opens', async () => {
    fakeServer({});
    renderViewer('?lesson=0');
    expect(await screen.findByRole('heading', { name: 'درس 41' })).toBeInTheDocument();
    expect(screen.queryByText('يجب إكمال الاختبار السابق أولًا')).not.toBeInTheDocument();
    expect(screen.queryByText('الدرس غير متاح')).not.toBeInTheDocument();
  });

  it('shows the availability of the code window (7 days from redemption)', async () => {
    fakeServer({});
    renderViewer();
    await screen.findByRole('heading', { name: 'درس 43' });
    // Redeemed 2 days ago: 5 days left.
    expect(within(lessons()).getByText('متاحة، يتبقى ٥ أيام')).toHaveClass('text-green-700');
  });

  it("counts the code window in the tenant's time zone the server sends (Oman)", async () => {
    // Redeemed 14:00 on 18 November in Muscat; now 01:30 on 25 November there, still the 24th in
    // Cairo: the server refuses the lessons, and so does the screen.
    vi.setSystemTime(new Date('2026-11-24T21:30:00Z'));
    const redeemed = { enrollmentDate: '2026-11-18T10:00:00.000Z' };
    const calls = fakeServer({ unit: makeUnit({ ...redeemed, timeZone: 'Asia/Muscat' }) });
    const { unmount } = renderViewer();
    expect(await screen.findByRole('heading', { name: 'الوحدة غير متاحة' })).toBeInTheDocument();
    expect(lessonCalls(calls)).toEqual([]);
    unmount();

    fakeServer({ unit: makeUnit({ ...redeemed, timeZone: 'Africa/Cairo' }) });
    renderViewer();
    await screen.findByRole('heading', { name: 'درس 43' });
    expect(within(lessons()).getByText('متاحة، يتبقى يوم واحد')).toBeInTheDocument();
  });

  it('turns unavailable the moment the window ends, with no lesson left playing', async () => {
    // Redeemed 6 days ago: the window ends at Cairo's next midnight, 2025-03-10T22:00Z; the page
    // opens a minute and a half before.
    const end = new Date('2025-03-10T22:00:00Z').getTime();
    vi.setSystemTime(end - 90_000);
    fakeServer({ unit: makeUnit({ enrollmentDate: daysBefore(6) }) });
    renderViewer();
    await screen.findByRole('heading', { name: 'درس 43' });
    act(() => {
      vi.advanceTimersByTime(end - Date.now() - 1000);
    });
    expect(within(lessons()).getByText('متاحة، يتبقى يوم واحد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' })).toBeEnabled();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('heading', { name: 'الوحدة غير متاحة' })).toBeInTheDocument();
    expect(screen.queryByText('متاحة، يتبقى يوم واحد')).toBeNull();
    expect(screen.queryByRole('button', { name: 'استمتعت بالمحاضرة' })).toBeNull();
  });

  it('draws the watermark more opaque than in the course player', async () => {
    fakeServer({});
    renderViewer();
    await screen.findByRole('heading', { name: 'درس 43' });
    const mark = screen.getByTestId('watermark');
    expect(mark).toHaveTextContent(TEST_USER.phoneNumber);
    expect(mark).toHaveStyle({ opacity: '0.7' });
  });

  it.each([
    ['a 403', () => envelope(403, 'You do not have access to this unit')],
    ['a 404', () => envelope(404, 'Unit not found')],
  ])('shows "unit unavailable" with a way back to my lectures on %s', async (_case, answer) => {
    const calls = fakeServer({
      extra: ({ url }) => (url.pathname === '/api/Course/tree-unit-with-progress' ? answer() : undefined),
    });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'الوحدة غير متاحة' })).toBeInTheDocument();
    expect(screen.getByText('حاول مرة أخرى أو تواصل مع الدعم')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى محاضراتي' })).toHaveAttribute('href', '/my-lectures');
    expect(lessonCalls(calls)).toEqual([]);
  });

  it('says the lecture is unavailable without a redemption date, with the same ways out', async () => {
    fakeServer({ unit: makeUnit({ enrollmentDate: null }) });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'الوحدة غير متاحة' })).toBeInTheDocument();
    expect(screen.getByText('هذه المحاضرة غير متاحة حاليًا')).toBeInTheDocument();
    expect(screen.getByLabelText('كود المحاضرة')).toBeEnabled();
    // No WhatsApp number from the school: the link is greyed out, titled 'not available'.
    expect(screen.getByText('تواصل مع المشرف على واتساب').closest('[aria-disabled]')).toHaveAttribute(
      'title',
      'غير متاح',
    );
  });

  it('says when a closed window ended and offers a new code and the supervisor on WhatsApp', async () => {
    vi.setSystemTime(new Date('2026-11-24T21:30:00Z'));
    const calls = fakeServer({
      unit: makeUnit({ enrollmentDate: '2026-11-18T10:00:00.000Z', timeZone: 'Asia/Muscat' }),
      extra: ({ url }) =>
        url.pathname === '/api/Contact/getAll'
          ? envelope(200, null, [
              {
                whatsApp_Number: '+968 9123 4567',
                facebook_Page: null,
                youTube_Channel: null,
                tiktokChannel: null,
              },
            ])
          : undefined,
    });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'الوحدة غير متاحة' })).toBeInTheDocument();
    // Its last open day in Muscat, in Arabic with Arabic-Indic digits; no 'try again' dead end.
    expect(screen.getByText('انتهت مدة إتاحة هذه المحاضرة بنهاية يوم ٢٤ نوفمبر ٢٠٢٦')).toBeInTheDocument();
    expect(screen.queryByText('حاول مرة أخرى أو تواصل مع الدعم')).toBeNull();
    const whatsApp = await screen.findByRole('link', { name: /تواصل مع المشرف على واتساب/ });
    expect(whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/96891234567\?text=/);
    expect(screen.getByRole('heading', { name: 'عندك كود محاضرة؟' })).toBeInTheDocument();
    expect(screen.getByLabelText('كود المحاضرة')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'العودة إلى محاضراتي' })).toHaveAttribute('href', '/my-lectures');
    expect(lessonCalls(calls)).toEqual([]);
  });

  it('after the enjoyed button on the last lesson reloads the unit', async () => {
    const calls = fakeServer({
      unit: makeUnit({
        lessons: [video(41, 'المجال المغناطيسي', true), quiz(42, 'اختبار', true), video(43, 'الأخير')],
      }),
    });
    const { user } = renderViewer('?lesson=2');
    await screen.findByRole('heading', { name: 'درس 43' });
    await user.click(screen.getByRole('button', { name: 'استمتعت بالمحاضرة' }));
    expect(await screen.findByText('أحسنت!')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/Student/lesson-complete/43')).toBe(true);
    // The viewer has no course id: nothing is written to the per-course cache.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('completed_lessons_'))).toEqual([]);
    const unitCalls = () =>
      calls.filter((call) => call.url.pathname === '/api/Course/tree-unit-with-progress');
    await waitFor(() => expect(unitCalls()).toHaveLength(2));
    vi.advanceTimersByTime(2100);
    await waitFor(() => expect(unitCalls()).toHaveLength(3));
    expect(lessonButton('الأخير')).toHaveTextContent('مكتمل');
  });
});
