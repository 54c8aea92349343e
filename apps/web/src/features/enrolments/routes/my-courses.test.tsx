import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, pending, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { SessionExpiryRedirect } from '../../auth/components/session-expiry-redirect';
import { Component as Login } from '../../auth/routes/login';
import { course, coursePage } from '../../catalogue/testing/courses';
import { Component as MyCourses } from './my-courses';

const PATH = '/api/Student/Student-Enrolled-Courses';

function renderMyCourses(url = '/enrolled-courses') {
  return renderRoute(<MyCourses />, { path: '/enrolled-courses', url, user: TEST_USER });
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === PATH);

describe('My courses', () => {
  it('lists the student’s courses, 10 a page, each with a start button to its player', async () => {
    const calls = stubFetch(() =>
      envelope(
        200,
        null,
        coursePage([
          course({ id: 5 }),
          course({ id: 6, courseName: 'coursesubject:physics الكهربية', term: 'Second' }),
        ]),
      ),
    );
    renderMyCourses();
    expect(screen.getByRole('heading', { level: 1, name: 'كورساتي' })).toBeInTheDocument();
    const start = await screen.findByRole('link', { name: 'ابدأ التعلم: الكهربية' });
    expect(start).toHaveAttribute('href', '/course-player/6');
    expect(screen.getByRole('link', { name: 'ابدأ التعلم: الكيمياء العضوية' })).toHaveAttribute(
      'href',
      '/course-player/5',
    );
    expect(within(start.closest('article')!).getByText('الفصل الدراسي الثاني')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toEqual({
      studentId: '7',
      pagenumber: '1',
      pagesize: '10',
    });
  });

  it('shows placeholders while loading', () => {
    stubFetch(() => pending());
    renderMyCourses();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });

  it('pages through the list with the page in the URL', async () => {
    const calls = stubFetch((call) => {
      const page = Number(call.url.searchParams.get('pagenumber'));
      return envelope(
        200,
        null,
        coursePage([course({ id: page, courseName: `coursesubject:chemistry كورس ${page}` })], {
          totalPages: 2,
          totalCount: 11,
          currentPage: page,
        }),
      );
    });
    const { user, router } = renderMyCourses();
    await screen.findByRole('heading', { level: 2, name: 'كورس 1' });
    await user.click(screen.getByRole('link', { name: 'الصفحة ٢' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'كورس 2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls).map((call) => call.url.searchParams.get('pagenumber'))).toEqual(['1', '2']);
  });

  it.each([
    ['an empty page', () => envelope(200, null, coursePage([]))],
    ['a 404', () => envelope(404, 'No enrolled courses')],
  ])('treats %s as no courses, with a link to browse courses', async (_name, answer) => {
    stubFetch(answer);
    renderMyCourses();
    expect(await screen.findByText('لم تشترك في أي كورس بعد.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الكورسات' })).toHaveAttribute('href', '/#courses-section');
  });

  it('says the session expired on a 401', async () => {
    stubFetch(() => envelope(401, 'Authentication required'));
    renderMyCourses();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'انتهت صلاحية الجلسة، من فضلك سجّل الدخول مرة أخرى.',
    );
  });

  // Issue 15, defect 10: the app moves to /login on the 401; the message must come along.
  it('on a 401 whose refresh is refused, the login page it moves to says the session expired', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/Auth/refresh-token'
        ? envelope(401, 'Invalid or expired refresh token')
        : envelope(401, 'Authentication required'),
    );
    const { router } = renderRoute(
      <>
        <SessionExpiryRedirect />
        <MyCourses />
      </>,
      {
        path: '/enrolled-courses',
        user: TEST_USER,
        routes: [{ path: '/login', element: <Login /> }],
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/enrolled-courses');
    expect(screen.getByRole('status')).toHaveTextContent('انتهت صلاحية الجلسة، من فضلك سجّل الدخول مرة أخرى.');
  });

  it('shows a generic Arabic error with retry on other failures', async () => {
    let fail = true;
    const calls = stubFetch(() =>
      fail ? envelope(500, 'Internal error') : envelope(200, null, coursePage([course()])),
    );
    const { user } = renderMyCourses();
    expect(await screen.findByRole('alert')).toHaveTextContent('حدث خطأ أثناء جلب الكورسات، حاول مرة أخرى.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: 'ابدأ التعلم: الكيمياء العضوية' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('asks to log in again when there is no signed-in student', () => {
    const calls = stubFetch(() => envelope(200, null, coursePage([])));
    renderRoute(<MyCourses />, { path: '/enrolled-courses' });
    expect(screen.getByRole('alert')).toHaveTextContent('لم يتم العثور على بيانات الدخول');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/login?from=%2Fenrolled-courses',
    );
    expect(listCalls(calls)).toHaveLength(0);
  });
});
