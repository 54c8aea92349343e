import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, pending, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { course, courseTree } from '../testing/courses';
import { Component as CourseDetail } from './course-detail';

type Over = Parameters<typeof course>[0];

/** The page's course, and another one, as add-course-by-code names them. */
const THIS_COURSE = { courseId: 5, courseName: course().courseName };
const OTHER_COURSE = { courseId: 9, courseName: 'coursesubject:biology الأحياء للصف الثاني' };

const TEACHER = {
  id: 3,
  name: 'أ. محمود عبد الرحمن',
  title: 'معلم أول اللغة العربية',
  photoUrl: null,
  bio: null,
  credentials: [],
  methods: [],
};

type Api = {
  course?: Over;
  courseStatus?: number;
  enrolled?: () => boolean | Promise<Response>;
  enrol?: (call: Call) => Response | Promise<Response>;
  whatsapp?: string | null;
};

function api(options: Api = {}) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/Course/5')
      return options.courseStatus
        ? envelope(options.courseStatus, 'Course details not found.')
        : envelope(200, null, course(options.course));
    if (path === '/api/Course/tree') return envelope(200, null, courseTree());
    if (path === '/api/AdminStudent/IsEnrolled') {
      const answer = options.enrolled?.() ?? false;
      return typeof answer === 'boolean' ? json(200, answer) : answer;
    }
    if (path === '/api/Student/add-course-by-code')
      return options.enrol?.(call) ?? envelope(200, 'Enrolled successfully', THIS_COURSE);
    if (path === '/api/Contact/getAll')
      return envelope(200, null, [
        {
          whatsApp_Number: options.whatsapp === undefined ? '201000000000' : options.whatsapp,
          facebook_Page: null,
          youTube_Channel: null,
          tiktokChannel: null,
        },
      ]);
    if (path === '/api/Auth/refresh-token') return envelope(401, 'Invalid refresh token');
    return envelope(404, 'Not found');
  });
}

function renderDetail(loggedIn = true) {
  return renderRoute(<CourseDetail />, {
    path: '/courses/:id',
    url: '/courses/5',
    user: loggedIn ? TEST_USER : null,
  });
}

const enrolCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname === '/api/Student/add-course-by-code');
const enrolledChecks = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname === '/api/AdminStudent/IsEnrolled');

async function paidNotEnrolled(options: Api = {}) {
  const calls = api(options);
  const view = renderDetail();
  await screen.findByRole('button', { name: 'اشترك في الكورس' });
  return { calls, ...view };
}

async function submitInlineCode(user: ReturnType<typeof renderDetail>['user'], code: string) {
  const input = screen.getByRole('textbox', { name: 'كود الاشتراك' });
  await user.clear(input);
  if (code) await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'تفعيل الكود' }));
}

describe('Course detail: the course', () => {
  it('shows the name, badges, detail price with two decimals, lesson count and the default picture', async () => {
    api();
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'الكيمياء العضوية' })).toBeInTheDocument();
    expect(screen.getAllByText('الصف الثالث الثانوي').length).toBeGreaterThan(0);
    expect(screen.getByText('الفصل الدراسي الأول')).toBeInTheDocument();
    expect(screen.getByText('كيمياء')).toBeInTheDocument();
    expect(screen.getByText('١٥٠٫٠٠ ج.م')).toBeInTheDocument();
    expect(screen.getByText('١٢')).toBeInTheDocument();
    expect(screen.getByTestId('course-placeholder')).toBeInTheDocument();
  });

  it("shows 'free' for a price of 0", async () => {
    api({ course: { price: 0 } });
    renderDetail();
    expect(await screen.findByText('مجاني')).toBeInTheDocument();
  });

  it('says the course was not found on a 404, with a link home', async () => {
    api({ courseStatus: 404 });
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تفاصيل الكورس غير موجودة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة للرئيسية' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when loading fails otherwise', async () => {
    api({ courseStatus: 500 });
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل تفاصيل الكورس');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});

describe('Course detail: tabs', () => {
  it('opens on the curriculum with the first unit expanded; units toggle; lessons show their type', async () => {
    api();
    const { user } = renderDetail();
    const tab = await screen.findByRole('tab', { name: 'المنهج' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const first = await screen.findByRole('button', { name: /الوحدة الأولى/ });
    const second = screen.getByRole('button', { name: /الوحدة الثانية/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    const firstUnit = within(first.closest('li')!);
    expect(firstUnit.getByText('الألكانات')).toBeVisible();
    expect(firstUnit.getByText('الألكانات').nextElementSibling).toHaveTextContent('درس فيديو');
    expect(firstUnit.getByText('اختبار الألكانات').nextElementSibling).toHaveTextContent('اختبار');
    expect(screen.getByText('تسمية الكحولات')).not.toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('تسمية الكحولات')).toBeVisible();
    await user.click(first);
    expect(screen.getByText('الألكانات')).not.toBeVisible();
  });

  it('moves between tabs with the arrow keys (right to left: ArrowLeft is next)', async () => {
    api();
    const { user } = renderDetail();
    const curriculum = await screen.findByRole('tab', { name: 'المنهج' });
    const overview = screen.getByRole('tab', { name: 'نظرة عامة' });
    expect(screen.getByRole('tablist', { name: 'أقسام الكورس' })).toBeInTheDocument();
    expect(overview).toHaveAttribute('tabindex', '-1');
    curriculum.focus();
    await user.keyboard('{ArrowLeft}');
    expect(overview).toHaveFocus();
    expect(overview).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'نظرة عامة' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(curriculum).toHaveFocus();
    expect(curriculum).toHaveAttribute('aria-selected', 'true');
  });

  it('clamps a description over 100 characters with a show-more toggle, and links the teacher', async () => {
    const long = 'أ'.repeat(101);
    api({ course: { description: long, teacher: TEACHER } });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('tab', { name: 'نظرة عامة' }));
    const panel = screen.getByRole('tabpanel', { name: 'نظرة عامة' });
    const more = within(panel).getByRole('button', { name: 'عرض المزيد' });
    expect(within(panel).getByText(long)).toHaveClass('line-clamp-2');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('عرض أقل');
    expect(within(panel).getByText(long)).not.toHaveClass('line-clamp-2');
    expect(within(panel).getByRole('link', { name: 'عرض الملف الشخصي للمعلم' })).toHaveAttribute(
      'href',
      '/teachers/3',
    );
  });

  it('shows a description of 100 characters in full, without a toggle', async () => {
    api({ course: { description: 'ب'.repeat(100) } });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('tab', { name: 'نظرة عامة' }));
    expect(screen.getByText('ب'.repeat(100))).not.toHaveClass('line-clamp-2');
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });
});

describe('Course detail: enrolment state', () => {
  it('shows a spinner while checking the enrolment', async () => {
    api({ enrolled: () => pending() });
    renderDetail();
    expect(await screen.findByText('جارٍ التحقق من اشتراكك...')).toBeInTheDocument();
    expect(screen.getByText('جارٍ التحقق من اشتراكك...').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'اشترك في الكورس' })).not.toBeInTheDocument();
  });

  it('asks IsEnrolled for the student and course; enrolled shows the continue button to the player', async () => {
    const calls = api({ enrolled: () => true });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'متابعة الكورس' })).toHaveAttribute(
      'href',
      '/course-player/5',
    );
    expect(Object.fromEntries(enrolledChecks(calls)[0]!.url.searchParams)).toEqual({
      studentId: '7',
      courseId: '5',
    });
    expect(screen.queryByRole('button', { name: 'اشترك في الكورس' })).not.toBeInTheDocument();
  });

  it('starts a free course without a code and goes to the player', async () => {
    const calls = api({ course: { price: 0 } });
    const { user, router } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'ابدأ الكورس مجانًا' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course-player/5'));
    const sent = enrolCalls(calls)[0]!;
    expect(sent.method).toBe('POST');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ Code: '', StudentId: '7', courseId: '5' });
  });

  it('a paid course offers the contact-supervisor chat naming the course, and the code box', async () => {
    await paidNotEnrolled();
    const chat = await screen.findByRole('link', { name: /تواصل مع المشرف/ });
    const href = new URL(chat.getAttribute('href')!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.pathname).toBe('/201000000000');
    expect(href.searchParams.get('text')).toContain('الكيمياء العضوية');
    expect(screen.getByRole('textbox', { name: 'كود الاشتراك' })).toBeInTheDocument();
  });

  it('greys out the contact button when the school has no number', async () => {
    const { queryClient } = await paidNotEnrolled({ whatsapp: null });
    await waitFor(() => expect(queryClient.getQueryState(['contact'])?.status).toBe('success'));
    const greyed = screen.getByTitle('غير متاح');
    expect(greyed).toHaveAttribute('aria-disabled', 'true');
    expect(greyed).toHaveTextContent('تواصل مع المشرف');
    expect(screen.queryByRole('link', { name: /تواصل مع المشرف/ })).not.toBeInTheDocument();
  });

  it('logged out: no enrolment check; the buttons lead to /login and back', async () => {
    const calls = api();
    const { user } = renderDetail(false);
    const subscribe = await screen.findByRole('link', { name: 'اشترك في الكورس' });
    expect(subscribe).toHaveAttribute('href', '/login?from=%2Fcourses%2F5');
    expect(enrolledChecks(calls)).toHaveLength(0);
    await submitInlineCode(user, 'ABCDE-23456');
    expect(await screen.findByText('من فضلك سجّل الدخول للاشتراك')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سجّل الدخول للاشتراك' })).toHaveAttribute(
      'href',
      '/login?from=%2Fcourses%2F5',
    );
    expect(enrolCalls(calls)).toHaveLength(0);
  });

  it('logged out, free course: the start button leads to /login', async () => {
    api({ course: { price: 0 } });
    renderDetail(false);
    expect(await screen.findByRole('link', { name: 'ابدأ الكورس مجانًا' })).toHaveAttribute(
      'href',
      '/login?from=%2Fcourses%2F5',
    );
  });
});

describe('Course detail: enrolment code', () => {
  it('asks for a code when the box is empty or blank, without calling the server', async () => {
    const { user, calls } = await paidNotEnrolled();
    await submitInlineCode(user, '');
    expect(await screen.findByText('من فضلك أدخل كود الاشتراك')).toBeInTheDocument();
    await submitInlineCode(user, '   ');
    expect(await screen.findByText('من فضلك أدخل كود الاشتراك')).toBeInTheDocument();
    expect(enrolCalls(calls)).toHaveLength(0);
  });

  it.each([
    ['Code not found.', 404, 'الكود غير موجود'],
    ['Code already used.', 409, 'هذا الكود مستخدم من قبل'],
    ['Already enrolled', 409, 'أنت مشترك بالفعل في هذا الكورس'],
    ['Too many attempts. Please try again later.', 429, 'محاولات كثيرة، حاول مرة أخرى بعد قليل'],
    // A message the catalogue does not know: in Arabic it is shown, in English never (issue 15).
    ['الكورس مغلق حاليًا', 400, 'الكورس مغلق حاليًا'],
    ['Some other refusal', 400, 'حدث خطأ غير متوقع'],
  ])("server '%s' (%i) shows '%s'", async (message, status, text) => {
    const { user } = await paidNotEnrolled({ enrol: () => envelope(status, message) });
    await submitInlineCode(user, 'ABCDE-23456');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the invalid-code text when the server gives no message', async () => {
    const { user } = await paidNotEnrolled({ enrol: () => new Response('', { status: 400 }) });
    await submitInlineCode(user, 'ABCDE-23456');
    expect(await screen.findByText('كود الاشتراك غير صالح')).toBeInTheDocument();
  });

  it('shows the network error text when the server cannot be reached', async () => {
    const { user } = await paidNotEnrolled({ enrol: () => Promise.reject(new TypeError('Failed to fetch')) });
    await submitInlineCode(user, 'ABCDE-23456');
    expect(await screen.findByText('حدث خطأ أثناء الاشتراك')).toBeInTheDocument();
  });

  it('on success: sends the code and student id, rechecks the enrolment and opens the success dialog', async () => {
    let enrolled = false;
    const { user, calls } = await paidNotEnrolled({
      enrolled: () => enrolled,
      enrol: () => {
        enrolled = true;
        return envelope(200, 'Enrolled successfully', THIS_COURSE);
      },
    });
    await submitInlineCode(user, ' abcde-23456 ');
    const dialog = await screen.findByRole('dialog', { name: 'تم الاشتراك بنجاح!' });
    expect(Object.fromEntries(enrolCalls(calls)[0]!.url.searchParams)).toEqual({
      Code: 'abcde-23456',
      StudentId: '7',
    });
    expect(enrolledChecks(calls)).toHaveLength(2);
    expect(within(dialog).getByRole('link', { name: 'ابدأ الكورس' })).toHaveAttribute(
      'href',
      '/course-player/5',
    );
    expect(within(dialog).getByRole('link', { name: 'عرض كورساتي' })).toHaveAttribute(
      'href',
      '/enrolled-courses',
    );
    expect(screen.getByRole('link', { name: 'متابعة الكورس' })).toBeInTheDocument();
  });

  // Issue 15, defect 2: the code decides the course; the dialog names it and this page still asks.
  it('a code of another course says which course it opened, offers to go there, and this page still asks', async () => {
    let enrolledIn: number | null = null;
    const { user, calls } = await paidNotEnrolled({
      enrolled: () => enrolledIn === 5,
      enrol: () => {
        enrolledIn = 9;
        return envelope(200, 'Enrolled successfully', OTHER_COURSE);
      },
    });
    await submitInlineCode(user, 'ABCDE-23456');
    const dialog = await screen.findByRole('dialog', { name: 'تم الاشتراك بنجاح!' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'هذا الكود خاص بكورس «الأحياء للصف الثاني»، وقد أصبح هذا الكورس متاحًا لك الآن. أما الكورس الذي تتصفحه فما زال يحتاج إلى كود خاص به.',
    );
    expect(within(dialog).queryByText(/أصبح الكورس متاحًا لك الآن/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ابدأ كورس «الأحياء للصف الثاني»' })).toHaveAttribute(
      'href',
      '/course-player/9',
    );
    await waitFor(() => expect(enrolledChecks(calls).length).toBeGreaterThanOrEqual(2));
    // The page's own course is not enrolled: it still offers to subscribe.
    expect(screen.getByRole('button', { name: 'اشترك في الكورس' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'متابعة الكورس' })).not.toBeInTheDocument();
  });

  it("'already enrolled' in another course names that course and offers to go there, not 'this course'", async () => {
    const { user } = await paidNotEnrolled({ enrol: () => envelope(409, 'Already enrolled', OTHER_COURSE) });
    await submitInlineCode(user, 'ABCDE-23456');
    expect(
      await screen.findByText('هذا الكود خاص بكورس «الأحياء للصف الثاني»، وأنت مشترك فيه بالفعل.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('أنت مشترك بالفعل في هذا الكورس')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ادخل إلى كورس «الأحياء للصف الثاني»' })).toHaveAttribute(
      'href',
      '/course-player/9',
    );
  });

  it("'already enrolled' in this page's course says so and the page shows the course as enrolled", async () => {
    let asked = 0;
    const { user } = await paidNotEnrolled({
      enrolled: () => ++asked > 1,
      enrol: () => envelope(409, 'Already enrolled', THIS_COURSE),
    });
    await submitInlineCode(user, 'ABCDE-23456');
    expect(await screen.findByRole('link', { name: 'متابعة الكورس' })).toHaveAttribute(
      'href',
      '/course-player/5',
    );
  });
});

describe('Course detail: enrolment dialog', () => {
  it('walks through choose → code → success', async () => {
    const { user, calls } = await paidNotEnrolled();
    await user.click(screen.getByRole('button', { name: 'اشترك في الكورس' }));
    const dialog = screen.getByRole('dialog', { name: 'الاشتراك في الكورس' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('الخطوة ١ من ٣');
    expect(
      await within(dialog).findByRole('link', { name: /تواصل مع المشرف للحصول على كود/ }),
    ).toHaveAttribute('href', expect.stringContaining('https://wa.me/201000000000'));
    const haveCode = within(dialog).getByRole('button', { name: 'لدي كود اشتراك' });
    expect(haveCode).toHaveFocus();

    await user.click(haveCode);
    expect(dialog).toHaveAccessibleDescription('الخطوة ٢ من ٣');
    const input = within(dialog).getByRole('textbox', { name: 'كود الاشتراك' });
    expect(input).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'رجوع' }));
    expect(within(dialog).getByRole('button', { name: 'لدي كود اشتراك' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'لدي كود اشتراك' }));
    await user.click(within(dialog).getByRole('button', { name: 'تحقق من الكود' }));
    expect(within(dialog).getByText('من فضلك أدخل كود الاشتراك')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'كود الاشتراك' }), 'ABCDE-23456');
    await user.click(within(dialog).getByRole('button', { name: 'تحقق من الكود' }));

    expect(await within(dialog).findByRole('link', { name: 'ابدأ الكورس' })).toHaveAttribute(
      'href',
      '/course-player/5',
    );
    expect(dialog).toHaveAccessibleName('تم الاشتراك بنجاح!');
    expect(dialog).toHaveAccessibleDescription('الخطوة ٣ من ٣');
    expect(within(dialog).getByRole('link', { name: 'عرض كورساتي' })).toHaveAttribute(
      'href',
      '/enrolled-courses',
    );
    expect(enrolCalls(calls)).toHaveLength(1);
  });

  it('shows the server error inside the dialog', async () => {
    const { user } = await paidNotEnrolled({ enrol: () => envelope(409, 'Code already used.') });
    await user.click(screen.getByRole('button', { name: 'اشترك في الكورس' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'لدي كود اشتراك' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'كود الاشتراك' }), 'ABCDE-23456');
    await user.click(within(dialog).getByRole('button', { name: 'تحقق من الكود' }));
    expect(await within(dialog).findByText('هذا الكود مستخدم من قبل')).toBeInTheDocument();
  });

  it('cancel closes it after a 200 ms fade and returns focus to the opener', async () => {
    const { user } = await paidNotEnrolled();
    const opener = screen.getByRole('button', { name: 'اشترك في الكورس' });
    await user.click(opener);
    const started = performance.now();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'إلغاء' }));
    expect(screen.getByRole('dialog').parentElement).toHaveAttribute('data-state', 'closing');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(opener).toHaveFocus();
  });

  it('Escape closes it, and it starts over (step 1, empty code) when opened again', async () => {
    const { user } = await paidNotEnrolled();
    await user.click(screen.getByRole('button', { name: 'اشترك في الكورس' }));
    await user.click(screen.getByRole('button', { name: 'لدي كود اشتراك' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'ABCDE');
    await user.keyboard('{Escape}');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

    await user.click(screen.getByRole('button', { name: 'اشترك في الكورس' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('الخطوة ١ من ٣');
    await user.click(within(dialog).getByRole('button', { name: 'لدي كود اشتراك' }));
    expect(within(dialog).getByRole('textbox', { name: 'كود الاشتراك' })).toHaveValue('');
  });

  it('keeps Tab focus inside the dialog', async () => {
    const { user } = await paidNotEnrolled();
    await user.click(screen.getByRole('button', { name: 'اشترك في الكورس' }));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'إغلاق' });
    const cancel = within(dialog).getByRole('button', { name: 'إلغاء' });
    act(() => cancel.focus());
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });
});
