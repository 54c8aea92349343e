import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminCourse, courseDetail, page, unit } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const CODES = ['ABCDE-23456', 'FGHJK-78923', 'MNPQR-45678'];
const batch = {
  id: 12,
  kind: 'enrollment' as const,
  label: 'مكتبة النور',
  courseId: 9,
  courseName: 'الكيمياء العضوية',
  unitId: null,
  unitName: null,
  count: 3,
  usedCount: 0,
  disabledCount: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  createdBy: 'مدير المنصة',
};

function renderCodes(answers: Record<string, unknown> = {}) {
  const calls = fakeAdminApi({
    'GET /api/Admin/Courses': { ...page(), courses: [adminCourse()] },
    'GET /api/Admin/Courses/9': courseDetail({
      units: [unit(31, 'الوحدة الأولى'), unit(32, 'الوحدة الثانية')],
    }),
    'GET /api/Admin/CodeBatches': { ...page({ totalCount: 0, totalPages: 0 }), batches: [] },
    'POST /api/Admin/CodeBatches': { ...batch, codes: CODES },
    ...answers,
  });
  return { calls, ...renderAdmin('/admin/codes') };
}

async function chooseCourse(user: ReturnType<typeof renderAdmin>['user']) {
  const option = await screen.findByRole('option', { name: 'الكيمياء العضوية' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'الكورس' }), option);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('generating a code batch', () => {
  it('says in Arabic what is missing or out of range, and sends nothing', async () => {
    const { calls, user } = renderCodes();
    const submit = await screen.findByRole('button', { name: 'إنشاء الأكواد' });
    await user.click(submit);
    const count = screen.getByLabelText('عدد الأكواد');
    expect(count).toHaveAccessibleDescription('أدخل عدد الأكواد رقمًا صحيحًا');
    expect(screen.getByLabelText('اسم الدفعة')).toHaveAccessibleDescription('يجب إدخال اسم الدفعة');

    await user.type(count, '5001');
    await user.click(submit);
    expect(count).toHaveAccessibleDescription('عدد الأكواد ٥٠٠٠ على الأكثر في الدفعة الواحدة');
    await user.clear(count);
    await user.type(count, '0');
    await user.click(submit);
    expect(count).toHaveAccessibleDescription('عدد الأكواد ١ على الأقل');

    // The contract's cross-field rule (checked once the fields themselves are valid): a course…
    await user.clear(count);
    await user.type(count, '10');
    await user.type(screen.getByLabelText('اسم الدفعة'), 'مكتبة النور');
    await user.click(submit);
    const course = screen.getByRole('combobox', { name: 'الكورس' });
    expect(course).toHaveAccessibleDescription('اختر الكورس');
    // … and, for unit codes, a unit of that course.
    await user.click(screen.getByRole('radio', { name: 'فتح وحدة' }));
    expect(screen.getByRole('combobox', { name: 'الوحدة' })).toBeDisabled();
    await user.selectOptions(course, await screen.findByRole('option', { name: 'الكيمياء العضوية' }));
    await screen.findByRole('option', { name: 'الوحدة الثانية' });
    await user.click(submit);
    expect(screen.getByRole('combobox', { name: 'الوحدة' })).toHaveAccessibleDescription('اختر الوحدة');
    expect(callsTo(calls, 'POST /api/Admin/CodeBatches')).toHaveLength(0);
  });

  it('sends the batch and shows its codes to copy, download, print and open', async () => {
    const { calls, user } = renderCodes();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await chooseCourse(user);
    await user.type(screen.getByLabelText('عدد الأكواد'), '٣');
    await user.type(screen.getByLabelText('اسم الدفعة'), 'مكتبة النور');
    await user.click(screen.getByRole('button', { name: 'إنشاء الأكواد' }));

    expect(await screen.findByRole('heading', { name: 'تم إنشاء ٣ أكواد.' })).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'POST /api/Admin/CodeBatches')[0])).toEqual({
      kind: 'enrollment',
      courseId: 9,
      count: 3,
      label: 'مكتبة النور',
    });
    const list = screen.getByRole('list', { name: 'الأكواد التي أُنشئت' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('bdi')?.textContent),
    ).toEqual(CODES);
    expect(list.querySelector('bdi')).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('button', { name: 'نسخ الكود FGHJK-78923' }));
    expect(writeText).toHaveBeenLastCalledWith('FGHJK-78923');
    expect(await within(list).findByText('تم النسخ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'نسخ كل الأكواد' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));

    expect(screen.getByRole('link', { name: 'طباعة بطاقات A4' })).toHaveAttribute(
      'href',
      '/admin/codes/12/print',
    );
    expect(screen.getByRole('link', { name: 'عرض الدفعة' })).toHaveAttribute('href', '/admin/codes/12');
  });

  it('downloads the CSV with the admin’s token, as a file', async () => {
    const { calls, user } = renderCodes({
      'GET /api/Admin/CodeBatches/12/Export': () =>
        new Response('\uFEFFcode,status\nABCDE-23456,unused\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="batch-12.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    await chooseCourse(user);
    await user.type(screen.getByLabelText('عدد الأكواد'), '3');
    await user.type(screen.getByLabelText('اسم الدفعة'), 'مكتبة النور');
    await user.click(screen.getByRole('button', { name: 'إنشاء الأكواد' }));
    await user.click(await screen.findByRole('button', { name: 'تنزيل CSV' }));
    await vi.waitFor(() => expect(clicks).toEqual(['batch-12.csv blob:codes']));
    const exportCall = callsTo(calls, 'GET /api/Admin/CodeBatches/12/Export')[0]!;
    expect(exportCall.headers.get('Authorization')).toBe('Bearer test-access-token');
    expect(exportCall.headers.get('X-Tenant-ID')).toBe('tenant8');
  });
});
