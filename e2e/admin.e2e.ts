// Issue 6, administration: the admin builds a course (a unit, a video lesson, a quiz), activates it
// and generates 3 codes; a new student enrols with one and reaches the player; the admin sees the
// code used by that student, ends the student's device sessions, and the student's next request
// lands on /login. Every admin screen is checked (RTL, axe) and shot at 360×800 and 1280×800.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, screenshotBoth } from './support/browser';
import {
  STUDENT,
  checkScreen,
  login,
  openContext,
  registerAccount,
  visible,
  waitForPath,
} from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

const ADMIN = 'admin@demo.local';
const COURSE = 'التجارب المعملية في الكيمياء';
const UNIT = 'الوحدة الأولى: أدوات المعمل';
const VIDEO = 'جولة في معمل الكيمياء';
const QUIZ = 'اختبار أدوات المعمل';
const LABEL = 'مكتبة النور — تجربة';
const CODE = /^[2-9A-HJ-KM-NP-Z]{5}-[2-9A-HJ-KM-NP-Z]{5}$/;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The admin's section link in the admin header. */
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'أقسام لوحة الإدارة' }).getByRole('link', { name });

describe('administration', () => {
  test('a student who opens /admin gets the not-found page', async () => {
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    await page.goto('/admin');
    await visible(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }));
    expect(await page.getByRole('navigation', { name: 'أقسام لوحة الإدارة' }).count()).toBe(0);
    await context.close();
  });

  test('course → codes → a student enrols → the admin sees the code used and ends the sessions', async () => {
    const admin = await (await openContext(browser, server, { splashSeen: true })).newPage();
    // Not signed in: /admin asks to log in, then opens its first section.
    await admin.goto('/admin');
    await waitForPath(admin, '/login', { from: '/admin' });
    await admin.getByLabel('البريد الإلكتروني أو رقم الهاتف').fill(ADMIN);
    await admin.getByLabel('كلمة المرور', { exact: true }).fill('demo1234');
    await admin.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await waitForPath(admin, '/admin/courses');
    await visible(admin.getByRole('heading', { level: 1, name: 'الكورسات' }));
    await visible(admin.getByRole('region', { name: 'جدول الكورسات' }).getByRole('row').nth(1));
    await checkScreen(admin, 'admin-courses');

    // A new course.
    await admin.getByRole('link', { name: 'كورس جديد' }).click();
    await waitForPath(admin, '/admin/courses/new');
    await admin.getByRole('button', { name: 'إنشاء الكورس' }).click();
    await visible(admin.getByText('يجب إدخال اسم الكورس'));
    await checkScreen(admin, 'admin-course-new-errors');
    await admin.getByLabel('اسم الكورس').fill(COURSE);
    await admin.getByLabel('المادة').fill('chemistry');
    await admin.getByLabel('وصف الكورس').fill('تجارب عملية مصورة خطوة بخطوة.');
    await admin.getByLabel('السعر (جنيه مصري)').fill('120');
    await admin.getByLabel('الصف', { exact: true }).selectOption('Secondary3');
    await admin.getByRole('button', { name: 'إنشاء الكورس' }).click();
    await admin.waitForURL(/\/admin\/courses\/\d+$/);
    const courseId = Number(/(\d+)$/.exec(new URL(admin.url()).pathname)![1]);
    await visible(admin.getByRole('heading', { level: 1, name: COURSE }));

    // A unit, in its dialog.
    await admin.getByRole('button', { name: 'إضافة وحدة' }).click();
    const unitDialog = await visible(admin.getByRole('dialog', { name: 'وحدة جديدة' }));
    await unitDialog.getByLabel('اسم الوحدة').fill(UNIT);
    await checkScreen(admin, 'admin-unit-dialog');
    await unitDialog.getByRole('button', { name: 'حفظ' }).click();
    await visible(admin.getByRole('heading', { level: 3, name: UNIT }));

    // A video lesson on the demo's local sample: the preview names the platform's own player.
    await admin.getByRole('link', { name: 'درس فيديو جديد' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'درس فيديو جديد' }));
    await admin.getByLabel('اسم الدرس').fill(VIDEO);
    await admin.getByLabel('رابط الفيديو').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await visible(admin.getByText('سيُشغَّل بمشغّل يوتيوب المضمَّن (وضع الخصوصية).'));
    await admin.getByLabel('رابط الفيديو').fill('/media/sample-lesson.mp4');
    await visible(admin.getByText('ملف فيديو: سيُشغَّل بمشغّل المنصة.'));
    await checkScreen(admin, 'admin-video-lesson');
    await admin.getByRole('button', { name: 'إنشاء الدرس' }).click();
    await waitForPath(admin, `/admin/courses/${courseId}`);
    await visible(admin.getByRole('link', { name: VIDEO, exact: true }));

    // A quiz: one question, two answers, the second correct.
    await admin.getByRole('link', { name: 'اختبار جديد' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'اختبار جديد' }));
    await admin.getByLabel('اسم الدرس').fill(QUIZ);
    const question = admin.getByRole('group', { name: 'السؤال ١' });
    await question.getByLabel('نص السؤال').fill('ما الأداة المناسبة لقياس حجم سائل بدقة؟');
    await question.getByLabel('الإجابة ١', { exact: true }).fill('الكأس الزجاجية');
    await question.getByLabel('الإجابة ٢', { exact: true }).fill('الماصة المدرجة');
    await admin.getByRole('button', { name: 'إنشاء الدرس' }).click();
    await visible(question.getByText('اختر إجابة صحيحة واحدة بالضبط'));
    await question.getByRole('radio', { name: 'الإجابة ٢ صحيحة' }).check();
    await checkScreen(admin, 'admin-quiz');
    await admin.getByRole('button', { name: 'إنشاء الدرس' }).click();
    await waitForPath(admin, `/admin/courses/${courseId}`);
    await visible(admin.getByRole('link', { name: QUIZ, exact: true }));

    // Activate it.
    await admin.getByRole('button', { name: `تفعيل ${COURSE}` }).click();
    await visible(admin.getByText(`فُعّل «${COURSE}».`));
    await visible(admin.getByRole('button', { name: `إيقاف ${COURSE}` }));
    await checkScreen(admin, 'admin-course-editor');
    await admin.getByRole('tab', { name: 'بيانات الكورس' }).click();
    await visible(admin.getByLabel('اسم الكورس'));
    await checkScreen(admin, 'admin-course-details');

    // Three enrolment codes.
    await section(admin, 'الأكواد').click();
    await waitForPath(admin, '/admin/codes');
    await admin.getByRole('combobox', { name: 'الكورس' }).selectOption({ label: COURSE });
    await admin.getByLabel('عدد الأكواد').fill('3');
    await admin.getByLabel('اسم الدفعة', { exact: true }).fill(LABEL);
    await checkScreen(admin, 'admin-codes');
    await admin.getByRole('button', { name: 'إنشاء الأكواد' }).click();
    await visible(admin.getByRole('heading', { name: 'تم إنشاء ٣ أكواد.' }));
    const codes = await admin
      .getByRole('list', { name: 'الأكواد التي أُنشئت' })
      .locator('bdi')
      .allTextContents();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(CODE);
    await checkScreen(admin, 'admin-codes-generated');

    // The printable sheet: every unused code on a card, without the admin chrome.
    await admin.getByRole('link', { name: 'طباعة بطاقات A4' }).click();
    const cards = admin.getByRole('list', { name: 'بطاقات الأكواد' }).getByRole('listitem');
    await visible(cards.first());
    expect(await cards.count()).toBe(3);
    expect(await admin.getByRole('navigation', { name: 'أقسام لوحة الإدارة' }).count()).toBe(0);
    await checkScreen(admin, 'admin-codes-print');
    // As printed: A4 cards three to a row, without the toolbar.
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.getByRole('button', { name: 'طباعة' }).isVisible()).toBe(false);
    await screenshotBoth(admin, 'admin-codes-print-media');
    await admin.emulateMedia({ media: null });

    // A new student enrols with the first code and reaches the player.
    const account = await registerAccount(server, 'admin-journey');
    const student = await (await openContext(browser, server, { splashSeen: true })).newPage();
    await login(student, account.email, account.password);
    await student.goto(`/courses/${courseId}`);
    await visible(student.getByRole('heading', { level: 1, name: COURSE }));
    await student.getByRole('button', { name: 'اشترك في الكورس' }).click();
    const enrol = await visible(student.getByRole('dialog', { name: 'الاشتراك في الكورس' }));
    await enrol.getByRole('button', { name: 'لدي كود اشتراك' }).click();
    await enrol.getByLabel('كود الاشتراك').fill(codes[0]!);
    await enrol.getByRole('button', { name: 'تحقق من الكود' }).click();
    const success = await visible(student.getByRole('dialog', { name: 'تم الاشتراك بنجاح!' }));
    await success.getByRole('link', { name: 'ابدأ الكورس' }).click();
    await waitForPath(student, `/course-player/${courseId}`);
    await visible(student.getByRole('heading', { level: 1, name: VIDEO }));

    // The admin sees the code used by that student, and when.
    await admin.goBack();
    await admin.getByRole('region', { name: 'جدول الدفعات' }).getByRole('link', { name: LABEL }).click();
    await visible(admin.getByRole('heading', { level: 1, name: LABEL }));
    const usedRow = admin.getByRole('row').filter({ hasText: codes[0]! });
    await visible(usedRow.getByText(account.email));
    await visible(usedRow.getByText('مستخدم', { exact: true }));
    await visible(admin.getByText('٣ أكواد · ١ مستخدم · ٠ معطّل'));
    await checkScreen(admin, 'admin-code-batch');

    // The student's record: enrolment, device session, then 'end device sessions'.
    await section(admin, 'الطلاب').click();
    await admin.getByRole('searchbox', { name: 'الاسم أو البريد الإلكتروني أو الهاتف' }).fill(account.email);
    await admin.getByRole('button', { name: 'بحث' }).click();
    await admin.getByRole('row').filter({ hasText: account.email }).getByRole('link').click();
    await visible(admin.getByRole('heading', { level: 2, name: 'الاشتراكات' }));
    await visible(admin.getByRole('region', { name: 'جدول الاشتراكات' }).getByText(COURSE));
    await checkScreen(admin, 'admin-student');
    await admin.getByRole('button', { name: 'إنهاء جلسات الأجهزة' }).click();
    const confirm = await visible(admin.getByRole('dialog', { name: 'إنهاء جلسات الأجهزة' }));
    await checkScreen(admin, 'admin-end-sessions-dialog');
    await confirm.getByRole('button', { name: 'إنهاء الجلسات' }).click();
    await visible(admin.getByText(/^أُنهيت /));
    await visible(admin.getByText('لا توجد أجهزة متصلة الآن.'));

    // The student's next request is refused and the app goes to /login.
    await student.getByRole('link', { name: 'العودة إلى كورساتي' }).click();
    await waitForPath(student, '/login');
    expect(new URL(student.url()).searchParams.get('from')).toBe('/enrolled-courses');

    // The other screens: students list, quiz results, site settings, audit log.
    await section(admin, 'الطلاب').click();
    await visible(admin.getByRole('region', { name: 'جدول الطلاب' }));
    await checkScreen(admin, 'admin-students');
    await section(admin, 'نتائج الاختبارات').click();
    await admin.getByRole('combobox', { name: 'الكورس' }).selectOption({ label: COURSE });
    await visible(admin.getByRole('link', { name: `عرض نتائج ${QUIZ}` }));
    await checkScreen(admin, 'admin-quiz-results');
    await admin.getByRole('link', { name: `عرض نتائج ${QUIZ}` }).click();
    await visible(admin.getByText('لم يقدّم أحد هذا الاختبار بعد.'));
    await section(admin, 'الموقع').click();
    await visible(admin.getByLabel('اسم المدرسة'));
    await checkScreen(admin, 'admin-site');
    await section(admin, 'سجل العمليات').click();
    const log = admin.getByRole('region', { name: 'جدول سجل العمليات' });
    await visible(log.getByText('إنهاء جلسات طالب'));
    await visible(log.getByText('إنشاء أكواد'));
    // What each entry says is Arabic too, with its counts in Arabic-Indic digits.
    await visible(log.getByText(/^أُنهيت جلسات الطالب «.+» على أجهزته \(عدد الجلسات: [١-٩]\)$/));
    await visible(log.getByText(/«.+»، الدفعة «.+» \(عدد الأكواد: [٠-٩]+\)$/));
    await checkScreen(admin, 'admin-audit-log');
    // The entries store English ids: a search by the Arabic name finds them all the same.
    await admin.getByRole('searchbox', { name: 'ابحث في السجل' }).fill('أكواد');
    await admin.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect.poll(() => log.getByText('إنهاء جلسات طالب').count()).toBe(0);
    await visible(log.getByText('إنشاء أكواد'));
  });
});
