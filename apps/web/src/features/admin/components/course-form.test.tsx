import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminCourse, courseDetail } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const teachers = { teachers: [{ id: 4, name: 'محمود عبد الرحمن', title: 'أ.' }] };

function renderNewCourse(answers: Record<string, unknown> = {}) {
  const calls = fakeAdminApi({ 'GET /api/Admin/Teachers': teachers, ...answers });
  return { calls, ...renderAdmin('/admin/courses/new') };
}

describe('the course form', () => {
  it('says in Arabic what the contract refuses, next to each field, and sends nothing', async () => {
    const { calls, user } = renderNewCourse();
    await user.clear(await screen.findByLabelText('السعر (جنيه مصري)'));
    await user.click(screen.getByRole('button', { name: 'إنشاء الكورس' }));
    expect(await screen.findByLabelText('اسم الكورس')).toHaveAccessibleDescription('يجب إدخال اسم الكورس');
    expect(screen.getByLabelText('الصف')).toHaveAccessibleDescription('يجب اختيار الصف');
    expect(screen.getByLabelText('السعر (جنيه مصري)')).toHaveAccessibleDescription('أدخل السعر رقمًا');
    expect(screen.getByLabelText('اسم الكورس')).toHaveFocus();
    expect(callsTo(calls, 'POST /api/Admin/Courses')).toHaveLength(0);
  });

  it.each([
    ['-5', 'لا يمكن أن يكون السعر سالبًا'],
    ['12.345', 'السعر يقبل رقمين بعد العلامة العشرية على الأكثر'],
    ['200000', 'أقصى سعر ١٠٠٠٠٠ جنيه'],
    ['abc', 'أدخل السعر رقمًا'],
  ])('refuses the price %s with “%s”', async (price, message) => {
    const { user } = renderNewCourse();
    const field = await screen.findByLabelText('السعر (جنيه مصري)');
    await user.clear(field);
    await user.type(field, price);
    await user.click(screen.getByRole('button', { name: 'إنشاء الكورس' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('says how long a name may be', async () => {
    const { user } = renderNewCourse();
    const name = await screen.findByLabelText('اسم الكورس');
    await user.click(name);
    await user.paste('أ'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'إنشاء الكورس' }));
    expect(name).toHaveAccessibleDescription('اسم الكورس: الحد الأقصى ٢٠٠ حرف');
  });

  it('sends the contract’s CourseInput (Arabic-Indic digits read) and opens the new course’s editor', async () => {
    const { calls, user, router } = renderNewCourse({
      'POST /api/Admin/Courses': adminCourse({ id: 77 }),
      'GET /api/Admin/Courses/77': courseDetail({ id: 77 }),
    });
    await user.type(await screen.findByLabelText('اسم الكورس'), '  الكيمياء العضوية ');
    await user.type(screen.getByLabelText('المادة'), 'كيمياء');
    await user.selectOptions(screen.getByLabelText('الصف'), 'Secondary3');
    await user.selectOptions(screen.getByLabelText('الفصل الدراسي'), 'Second');
    await user.selectOptions(await screen.findByLabelText('المعلم'), 'أ. محمود عبد الرحمن');
    const price = screen.getByLabelText('السعر (جنيه مصري)');
    await user.clear(price);
    await user.type(price, '١٥٠٫٥');
    await user.click(screen.getByLabelText('مفعّل (يظهر للطلاب)'));
    await user.click(screen.getByRole('button', { name: 'إنشاء الكورس' }));
    await screen.findByRole('heading', { level: 1, name: 'الكيمياء العضوية' });
    expect(router.state.location.pathname).toBe('/admin/courses/77');
    expect(sentJson(callsTo(calls, 'POST /api/Admin/Courses')[0])).toEqual({
      name: 'الكيمياء العضوية',
      subject: 'كيمياء',
      description: '',
      price: 150.5,
      term: 'Second',
      grade: 'Secondary3',
      active: true,
      isOpenToAll: false,
      teacherId: 4,
    });
  });

  it('keeps the form and says why when the server refuses', async () => {
    const { user } = renderNewCourse({ 'POST /api/Admin/Courses': () => envelope(500, 'boom') });
    await user.type(await screen.findByLabelText('اسم الكورس'), 'فيزياء');
    await user.selectOptions(screen.getByLabelText('الصف'), 'Secondary1');
    await user.click(screen.getByRole('button', { name: 'إنشاء الكورس' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('حدث خطأ غير متوقع');
    expect(screen.getByLabelText('اسم الكورس')).toHaveValue('فيزياء');
  });
});
