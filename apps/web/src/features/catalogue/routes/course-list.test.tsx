import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, pending, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { course, coursePage } from '../testing/courses';
import { Component as CourseList } from './course-list';

const COURSES_PATH = '/api/AdminStudent/CourseActive';

const ROUTES = [{ path: '/courses/grade/:grade', element: <CourseList /> }];

function renderList(url = '/courses/egypt/grade/secondary3') {
  return renderRoute(<CourseList />, { path: '/courses/:country/grade/:grade', url, routes: ROUTES });
}

const courseCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === COURSES_PATH);

const MIXED = [
  course({ id: 1, courseName: 'coursesubject:physics الكهربية الحديثة', price: 0, lessonCount: 3 }),
  course({ id: 2, courseName: 'coursesubject:chemistry الكيمياء العضوية', price: 150, term: 'Second' }),
  course({ id: 3, courseName: 'coursesubject:philosophy مدخل إلى الفلسفة', price: 1250.5 }),
  course({ id: 4, courseName: 'coursesubject:chemistry الكيمياء الكهربية' }),
];

describe('Course list by grade', () => {
  it('asks for page 1 of the grade, 10 a page, under a breadcrumb home > courses of the grade', async () => {
    const calls = stubFetch(() => envelope(200, null, coursePage([course()])));
    renderList();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'كورسات الصف الثالث الثانوي' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'مسار التنقل' });
    expect(within(breadcrumb).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('كورسات الصف الثالث الثانوي')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findByRole('link', { name: 'الكيمياء العضوية' });
    const query = courseCalls(calls)[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ grade: 'Secondary3', pagenumber: '1', pagesize: '10' });
  });

  it('shows 6 shimmer placeholder cards while loading', () => {
    stubFetch(() => pending());
    renderList();
    expect(screen.getByRole('status', { name: 'جارٍ تحميل الكورسات...' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });

  it('shows each course: name without the subject marker, subject, grade, term, lessons, card price, link', async () => {
    stubFetch(() => envelope(200, null, coursePage(MIXED)));
    renderList();
    const link = await screen.findByRole('link', { name: 'الكهربية الحديثة' });
    expect(link).toHaveAttribute('href', '/courses/1');
    const physics = link.closest('article')!;
    expect(within(physics).getByText('فيزياء')).toBeInTheDocument();
    expect(within(physics).getByText('الصف الثالث الثانوي')).toBeInTheDocument();
    expect(within(physics).getByText('الفصل الدراسي الأول')).toBeInTheDocument();
    expect(within(physics).getByText('عدد الدروس: ٣')).toBeInTheDocument();
    expect(within(physics).getByText('مجاني')).toBeInTheDocument();
    expect(within(physics).getByTestId('course-placeholder')).toBeInTheDocument();

    const chemistry = screen.getByRole('link', { name: 'الكيمياء العضوية' }).closest('article')!;
    expect(within(chemistry).getByText('١٥٠ ج.م')).toBeInTheDocument();
    expect(within(chemistry).getByText('الفصل الدراسي الثاني')).toBeInTheDocument();
    const philosophy = screen.getByRole('link', { name: 'مدخل إلى الفلسفة' }).closest('article')!;
    expect(within(philosophy).getByText('١٬٢٥٠٫٥ ج.م')).toBeInTheDocument();
  });

  it('uses the course picture when it has one', async () => {
    stubFetch(() => envelope(200, null, coursePage([course({ imagePath: '/media/courses/chemistry.svg' })])));
    const { container } = renderList();
    await screen.findByRole('link', { name: 'الكيمياء العضوية' });
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/courses/chemistry.svg');
    expect(screen.queryByTestId('course-placeholder')).not.toBeInTheDocument();
  });

  it('offers subject chips in Arabic order and filters the courses on the page', async () => {
    stubFetch(() => envelope(200, null, coursePage(MIXED)));
    const { user } = renderList();
    const group = await screen.findByRole('group', { name: 'تصفية حسب المادة' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['كل المواد', 'فلسفة', 'فيزياء', 'كيمياء']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'كيمياء' }));
    expect(within(group).getByRole('button', { name: 'كيمياء' })).toHaveAttribute('aria-pressed', 'true');
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(['الكيمياء العضوية', 'الكيمياء الكهربية']);

    await user.click(within(group).getByRole('button', { name: 'كل المواد' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  });

  it('shows no chips when the courses have one subject', async () => {
    stubFetch(() =>
      envelope(
        200,
        null,
        coursePage([course({ id: 1 }), course({ id: 2, courseName: 'coursesubject:chemistry أخرى' })]),
      ),
    );
    renderList();
    await screen.findByRole('link', { name: 'أخرى' });
    expect(screen.queryByRole('group', { name: 'تصفية حسب المادة' })).not.toBeInTheDocument();
  });

  it('says there are no courses for an empty list', async () => {
    stubFetch(() => envelope(200, null, coursePage([])));
    renderList();
    expect(await screen.findByText('لا توجد كورسات لهذا الصف حتى الآن.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اختر صفًا آخر' })).toHaveAttribute('href', '/grades/egypt');
  });

  it('treats a 404 as an empty list', async () => {
    stubFetch(() => envelope(404, 'No courses found'));
    renderList();
    expect(await screen.findByText('لا توجد كورسات لهذا الصف حتى الآن.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error with a retry button that loads again', async () => {
    let fail = true;
    const calls = stubFetch(() =>
      fail ? envelope(500, 'boom') : envelope(200, null, coursePage([course()])),
    );
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل الكورسات');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: 'الكيمياء العضوية' })).toBeInTheDocument();
    expect(courseCalls(calls)).toHaveLength(2);
  });

  it('keeps the page in the URL and refetches when the page changes', async () => {
    const calls = stubFetch((call) => {
      const page = Number(call.url.searchParams.get('pagenumber'));
      return envelope(
        200,
        null,
        coursePage([course({ id: page, courseName: `coursesubject:chemistry صفحة ${page}` })], {
          totalPages: 3,
          totalCount: 25,
          currentPage: page,
        }),
      );
    });
    const { user, router } = renderList('/courses/egypt/grade/secondary3?page=2');
    await screen.findByRole('link', { name: 'صفحة 2' });
    const nav = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(within(nav).getByRole('link', { name: 'الصفحة ٢' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'السابق' })).toHaveAttribute(
      'href',
      '/courses/egypt/grade/secondary3',
    );

    await user.click(within(nav).getByRole('link', { name: 'التالي' }));
    expect(await screen.findByRole('link', { name: 'صفحة 3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(courseCalls(calls).map((call) => call.url.searchParams.get('pagenumber'))).toEqual(['2', '3']);
  });

  it('refetches when the grade changes', async () => {
    const calls = stubFetch(() => envelope(200, null, coursePage([course()])));
    const { router } = renderList();
    await screen.findByRole('link', { name: 'الكيمياء العضوية' });
    await router.navigate('/courses/egypt/grade/secondary1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'كورسات الصف الأول الثانوي' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(courseCalls(calls).map((call) => call.url.searchParams.get('grade'))).toEqual([
        'Secondary3',
        'Secondary1',
      ]),
    );
  });

  it('reads a forgiving grade and moves to the canonical URL', async () => {
    stubFetch(() => envelope(200, null, coursePage([course()])));
    const { router } = renderList('/courses/egypt/grade/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'كورسات الصف الثالث الثانوي' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/egypt/grade/secondary3');
  });

  it('works without a country in the URL', async () => {
    const calls = stubFetch(() => envelope(200, null, coursePage([course()])));
    renderList('/courses/grade/oman7');
    expect(await screen.findByRole('heading', { level: 1, name: 'كورسات الصف السابع' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'الكيمياء العضوية' });
    expect(courseCalls(calls)[0]!.url.searchParams.get('grade')).toBe('Oman7');
  });

  it('shows the not-found content for an unknown country', () => {
    const calls = stubFetch(() => envelope(200, null, coursePage([])));
    renderList('/courses/france/grade/secondary1');
    expect(screen.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  // Issue 15, defect 14: a grade the country lacks used to show Secondary 1 silently.
  it.each(['/courses/egypt/grade/secondary9', '/courses/oman/grade/secondary2', '/courses/grade/grade99'])(
    'shows the not-found content for a grade that names no grade (%s), asking for no courses',
    (url) => {
      const calls = stubFetch(() => envelope(200, null, coursePage([course()])));
      const { router } = renderList(url);
      expect(screen.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
      expect(screen.queryByText(/الصف الأول الثانوي/)).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(url);
      expect(calls).toHaveLength(0);
    },
  );
});
