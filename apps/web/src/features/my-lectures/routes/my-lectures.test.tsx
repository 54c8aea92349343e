import type { MyUnit } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, pending, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { Component as MyLectures } from './my-lectures';

const PATH = '/api/UnitCode/GetMyUnitCodes';

const unit = (over: Partial<MyUnit>): MyUnit => ({
  unitId: 1,
  unitName: 'الوحدة الأولى',
  unitTitle: 'مقدمة',
  courseName: 'coursesubject:chemistry الكيمياء العضوية',
  grade: 'Secondary3',
  term: 'First',
  active: true,
  enrollmentDate: new Date().toISOString(),
  timeZone: 'Africa/Cairo',
  ...over,
});

const UNITS = [
  unit({ unitId: 11, unitName: 'Atomic Structure', unitTitle: 'Atoms', grade: 'Secondary1', term: 'First' }),
  unit({
    unitId: 12,
    unitName: 'الكهربية',
    unitTitle: 'قانون أوم',
    courseName: 'coursesubject:physics فيزياء الصف الثالث',
    grade: 'Secondary3',
    term: 'Second',
    active: false,
  }),
  unit({
    unitId: 13,
    unitName: 'القضايا المنطقية',
    unitTitle: 'المنطق',
    courseName: 'coursesubject:logic المنطق',
    grade: 'Secondary2',
    term: 'First',
  }),
];

const page = (
  units: MyUnit[],
  over: { totalCount?: number; totalPages?: number; currentPage?: number } = {},
) => ({
  units,
  totalCount: over.totalCount ?? units.length,
  totalPages: over.totalPages ?? (units.length ? 1 : 0),
  currentPage: over.currentPage ?? 1,
});

function renderLectures(url = '/my-lectures') {
  return renderRoute(<MyLectures />, { path: '/my-lectures', url, user: TEST_USER });
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === PATH);
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

async function loaded(units = UNITS) {
  const calls = stubFetch(() => envelope(200, null, page(units)));
  const view = renderLectures();
  await screen.findByRole('heading', { level: 2, name: units[0]!.unitName });
  return { calls, ...view };
}

describe('My lectures', () => {
  it('asks for page 1 of 10 and shows a card per unit', async () => {
    const { calls } = await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'محاضراتي' })).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toEqual({
      pageNumber: '1',
      pageSize: '10',
    });

    const card = within(screen.getByRole('heading', { level: 2, name: 'الكهربية' }).closest('article')!);
    expect(card.getByText('غير مفعّلة')).toBeInTheDocument();
    expect(card.getByText('الصف الثالث الثانوي')).toBeInTheDocument();
    expect(card.getByText('الفصل الدراسي الثاني')).toBeInTheDocument();
    expect(card.getByText('فيزياء الصف الثالث')).toBeInTheDocument();
    const active = within(
      screen.getByRole('heading', { level: 2, name: 'Atomic Structure' }).closest('article')!,
    );
    expect(active.getByText('مفعّلة')).toBeInTheDocument();
    expect(active.getByRole('link', { name: 'ادخل المحاضرة: Atomic Structure' })).toHaveAttribute(
      'href',
      '/unit-viewer/11',
    );
  });

  it('says why a closed lecture is closed and offers a new code and the supervisor, not a dead end', async () => {
    const units = [
      // Redeemed 18 November in Muscat: open through 24 November there.
      unit({
        unitId: 21,
        unitName: 'المنتهية',
        active: false,
        enrollmentDate: '2026-11-18T10:00:00.000Z',
        timeZone: 'Asia/Muscat',
      }),
      // In its window, but the school deactivated the course.
      unit({ unitId: 22, unitName: 'الموقوفة', active: false }),
    ];
    stubFetch(({ url }) =>
      url.pathname === '/api/Contact/getAll'
        ? envelope(200, null, [
            {
              whatsApp_Number: '+968 9123 4567',
              facebook_Page: null,
              youTube_Channel: null,
              tiktokChannel: null,
            },
          ])
        : envelope(200, null, page(units)),
    );
    renderLectures();
    const card = (name: string) =>
      within(screen.getByRole('heading', { level: 2, name }).closest('article')!);
    await screen.findByRole('heading', { level: 2, name: 'المنتهية' });

    const ended = card('المنتهية');
    expect(ended.getByText('غير مفعّلة')).toBeInTheDocument();
    expect(ended.getByText('انتهت مدة إتاحة هذه المحاضرة بنهاية يوم ٢٤ نوفمبر ٢٠٢٦')).toBeInTheDocument();
    expect(ended.queryByRole('link', { name: /ادخل المحاضرة/ })).toBeNull();
    expect(ended.getByRole('link', { name: 'إدخال كود جديد' })).toHaveAttribute('href', '/#unit-code');
    const whatsApp = await ended.findByRole('link', { name: /تواصل مع المشرف على واتساب/ });
    expect(whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/96891234567\?text=/);

    const stopped = card('الموقوفة');
    expect(stopped.getByText('هذه المحاضرة غير متاحة حاليًا')).toBeInTheDocument();
    expect(stopped.queryByRole('link', { name: /ادخل المحاضرة/ })).toBeNull();
    expect(stopped.getByRole('link', { name: 'إدخال كود جديد' })).toBeInTheDocument();
  });

  it('shows 6 placeholders while loading', () => {
    stubFetch(() => pending());
    renderLectures();
    expect(screen.getByRole('status', { name: 'جارٍ تحميل محاضراتك...' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });

  it("counts 'showing x of y units' in Arabic-Indic digits", async () => {
    await loaded();
    expect(screen.getByText('عرض ٣ من ٣ وحدة')).toBeInTheDocument();
  });

  it('searches unit name, unit title and course name, ignoring letter case', async () => {
    const { user } = await loaded();
    const search = screen.getByRole('searchbox', { name: 'ابحث في محاضراتك' });
    // The server here ignores the search: the page's own matching (the spec's rule) still applies.
    await user.type(search, 'ATOMIC');
    await waitFor(() => expect(cardNames()).toEqual(['Atomic Structure']));
    expect(screen.getByText('عرض ١ من ٣ وحدة')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'قانون أوم');
    await waitFor(() => expect(cardNames()).toEqual(['الكهربية']));
    await user.clear(search);
    await user.type(search, 'المنطق');
    await waitFor(() => expect(cardNames()).toEqual(['القضايا المنطقية']));
  });

  it('asks the server to search and filter all the units, keeps them in the URL, and hides the pager on no results', async () => {
    // 12 lectures, 10 a page: 'Atomic Structure' is on page 2.
    const all = Array.from({ length: 12 }, (_, i) =>
      unit({ unitId: 100 + i, unitName: i === 11 ? 'Atomic Structure' : `وحدة ${i + 1}` }),
    );
    const calls = stubFetch(({ url }) => {
      const q = url.searchParams.get('search')?.toLowerCase() ?? '';
      const grade = url.searchParams.get('grade');
      const found = all.filter((u) => u.unitName.toLowerCase().includes(q) && (!grade || u.grade === grade));
      const n = Number(url.searchParams.get('pageNumber'));
      return envelope(200, null, {
        units: found.slice((n - 1) * 10, n * 10),
        totalCount: found.length,
        totalPages: Math.ceil(found.length / 10),
        currentPage: n,
      });
    });
    const { user, router } = renderLectures();
    await screen.findByRole('heading', { level: 2, name: 'وحدة 1' });
    expect(screen.getByText('عرض ١٠ من ١٢ وحدة')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'ابحث في محاضراتك' }), 'atomic');
    expect(await screen.findByRole('heading', { level: 2, name: 'Atomic Structure' })).toBeInTheDocument();
    expect(screen.getByText('عرض ١ من ١ وحدة')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=atomic');
    const last = listCalls(calls).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      pageNumber: '1',
      pageSize: '10',
      search: 'atomic',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'الصف' }), 'Secondary1');
    await screen.findByText('لا توجد نتائج مطابقة للبحث');
    expect(new URLSearchParams(router.state.location.search).get('grade')).toBe('Secondary1');
    expect(listCalls(calls).at(-1)!.url.searchParams.get('grade')).toBe('Secondary1');
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).not.toBeInTheDocument();
  });

  it('opens with the search and filters of its URL, and page links keep them', async () => {
    const calls = stubFetch(() =>
      envelope(
        200,
        null,
        page([unit({ unitId: 5, unitName: 'وحدة', term: 'Second' })], { totalCount: 30, totalPages: 3 }),
      ),
    );
    renderLectures('/my-lectures?search=%D9%88%D8%AD%D8%AF%D8%A9&term=Second');
    await screen.findByRole('heading', { level: 2, name: 'وحدة' });
    expect(screen.getByRole('searchbox', { name: 'ابحث في محاضراتك' })).toHaveValue('وحدة');
    expect(screen.getByRole('combobox', { name: 'الفصل الدراسي' })).toHaveValue('Second');
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toMatchObject({
      search: 'وحدة',
      term: 'Second',
    });
    expect(screen.getByRole('link', { name: 'الصفحة ٢' })).toHaveAttribute(
      'href',
      `/my-lectures?page=2&search=${encodeURIComponent('وحدة')}&term=Second`,
    );
  });

  it('filters by grade (all or the three grades) and by term (all, First, Second)', async () => {
    const { user } = await loaded();
    const grade = screen.getByRole('combobox', { name: 'الصف' });
    expect(
      within(grade)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['الكل', 'الصف الأول الثانوي', 'الصف الثاني الثانوي', 'الصف الثالث الثانوي']);
    const term = screen.getByRole('combobox', { name: 'الفصل الدراسي' });
    expect(
      within(term)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['الكل', 'الفصل الدراسي الأول', 'الفصل الدراسي الثاني']);

    await user.selectOptions(term, 'First');
    expect(cardNames()).toEqual(['Atomic Structure', 'القضايا المنطقية']);
    await user.selectOptions(grade, 'Secondary2');
    expect(cardNames()).toEqual(['القضايا المنطقية']);
    expect(screen.getByText('عرض ١ من ٣ وحدة')).toBeInTheDocument();
    await user.selectOptions(term, 'Second');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('لا توجد نتائج مطابقة للبحث')).toBeInTheDocument();
    expect(screen.getByText('عرض ٠ من ٣ وحدة')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'مسح البحث والتصفية' }));
    expect(cardNames()).toHaveLength(3);
    expect(grade).toHaveValue('all');
  });

  it('the refresh button loads the list again', async () => {
    const { user, calls } = await loaded();
    await user.click(screen.getByRole('button', { name: 'تحديث' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'تحديث' })).toBeEnabled();
  });

  it("says 'no lectures yet' with a link to the home page's unit-code box", async () => {
    stubFetch(() => envelope(200, null, page([])));
    renderLectures();
    expect(await screen.findByText('لا توجد محاضرات بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إدخال كود محاضرة' })).toHaveAttribute('href', '/#unit-code');
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry button', async () => {
    let fail = true;
    const calls = stubFetch(() => (fail ? envelope(500, 'Failed') : envelope(200, null, page(UNITS))));
    const { user } = renderLectures();
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل محاضراتك.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'الكهربية' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('has no pagination bar for a single page', async () => {
    await loaded();
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).not.toBeInTheDocument();
  });

  it('pages with previous, up to 5 page numbers and next; a page is a new request', async () => {
    const calls = stubFetch((call) => {
      const n = Number(call.url.searchParams.get('pageNumber'));
      return envelope(
        200,
        null,
        page([unit({ unitId: n, unitName: `وحدة ${n}` })], { totalCount: 70, totalPages: 7, currentPage: n }),
      );
    });
    const { user, router } = renderLectures();
    await screen.findByRole('heading', { level: 2, name: 'وحدة 1' });
    const nav = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    const numbers = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-label')?.startsWith('الصفحة'))
      .map((link) => link.textContent);
    expect(numbers).toEqual(['١', '٢', '٣', '٤', '٥']);
    expect(within(nav).getByText('السابق').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'التالي' })).toHaveAttribute('href', '/my-lectures?page=2');

    await user.click(within(nav).getByRole('link', { name: 'الصفحة ٤' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'وحدة 4' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=4');
    expect(listCalls(calls).map((call) => call.url.searchParams.get('pageNumber'))).toEqual(['1', '4']);
    const after = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(
      within(after)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-label')?.startsWith('الصفحة'))
        .map((link) => link.textContent),
    ).toEqual(['٢', '٣', '٤', '٥', '٦']);
    expect(within(after).getByRole('link', { name: 'الصفحة ٤' })).toHaveAttribute('aria-current', 'page');
  });
});
