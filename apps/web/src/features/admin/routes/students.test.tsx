import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { page, studentDetail } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const sara = studentDetail().student;
const list = (students = [sara]) => ({ ...page({ totalCount: students.length }), students });

describe('students', () => {
  it('searches by what was typed, in the URL, and links each student to their record', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Students': (call: { url: URL }) =>
        envelope(200, null, call.url.searchParams.get('search') === '0101' ? list() : list([])),
    });
    const { user, router } = renderAdmin('/admin/students');
    await user.type(
      await screen.findByRole('searchbox', { name: 'الاسم أو البريد الإلكتروني أو الهاتف' }),
      ' 0101 ',
    );
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    const link = await screen.findByRole('link', { name: 'سارة محمود' });
    expect(link).toHaveAttribute('href', '/admin/students/41');
    expect(router.state.location.search).toBe('?search=0101');
    const searches = callsTo(calls, 'GET /api/Admin/Students').map((call) =>
      call.url.searchParams.get('search'),
    );
    expect(searches).toEqual([null, '0101']);
    const row = link.closest('tr')!;
    const email = within(row).getByText('sara@example.com');
    expect(email.tagName).toBe('BDI');
    expect(email).toHaveAttribute('dir', 'ltr');
  });

  it('ends the student’s device sessions only after the admin confirms', async () => {
    let detail = studentDetail();
    const calls = fakeAdminApi({
      'GET /api/Admin/Courses': { ...page(), courses: [] },
      'GET /api/Admin/Students/41': () => envelope(200, null, detail),
      'DELETE /api/Admin/Students/41/Sessions': () => {
        detail = studentDetail({ sessions: [] });
        return envelope(200, 'Sessions ended', { ended: 2 });
      },
    });
    const { user } = renderAdmin('/admin/students/41');
    await user.click(await screen.findByRole('button', { name: 'إنهاء جلسات الأجهزة' }));
    let dialog = await screen.findByRole('dialog', { name: 'إنهاء جلسات الأجهزة' });
    expect(dialog).toHaveTextContent('سيُسجَّل خروج سارة محمود من كل أجهزته');
    // Focus starts on 'cancel', the safe choice; cancelling sends nothing.
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'إنهاء جلسات الأجهزة' });
    expect(callsTo(calls, 'DELETE /api/Admin/Students/41/Sessions')).toHaveLength(0);
    expect(screen.getByText('phone-1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إنهاء جلسات الأجهزة' }));
    dialog = await screen.findByRole('dialog', { name: 'إنهاء جلسات الأجهزة' });
    await user.click(within(dialog).getByRole('button', { name: 'إنهاء الجلسات' }));
    expect(await screen.findByText('أُنهيت جلستان.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/Admin/Students/41/Sessions')).toHaveLength(1);
    expect(await screen.findByText('لا توجد أجهزة متصلة الآن.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when ending the sessions fails', async () => {
    fakeAdminApi({
      'GET /api/Admin/Courses': { ...page(), courses: [] },
      'GET /api/Admin/Students/41': studentDetail(),
      'DELETE /api/Admin/Students/41/Sessions': () => envelope(500, 'boom'),
    });
    const { user } = renderAdmin('/admin/students/41');
    await user.click(await screen.findByRole('button', { name: 'إنهاء جلسات الأجهزة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنهاء جلسات الأجهزة' });
    await user.click(within(dialog).getByRole('button', { name: 'إنهاء الجلسات' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('حدث خطأ غير متوقع');
  });
});
