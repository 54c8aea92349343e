import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { renderAdmin } from '../testing/render-admin';

const stored = {
  name: 'مدرسة النور',
  whatsappNumber: null,
  facebookPage: null,
  youtubeChannel: null,
  tiktokChannel: null,
  trustedNetworks: ['196.1.2.0/24'],
  clientGradedQuizzes: false,
};

describe('site settings: the school’s own networks', () => {
  it('shows one address a line, and saves the lines as a list (blank lines dropped)', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Site': stored,
      'PUT /api/Admin/Site': (call: Parameters<typeof sentJson>[0]) =>
        envelope(200, 'Settings saved', { ...stored, ...(sentJson(call) as object) }),
    });
    const { user } = renderAdmin('/admin/site');
    const box = await screen.findByRole('textbox', { name: 'عناوين شبكة المدرسة (IP)' });
    expect(box).toHaveValue('196.1.2.0/24');
    expect(box).toHaveAttribute('dir', 'ltr');
    await user.type(box, '\n\n 2001:db8::/32 ');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظت بيانات الموقع.')).toBeInTheDocument();
    const [put] = callsTo(calls, 'PUT /api/Admin/Site');
    expect((sentJson(put) as { trustedNetworks: string[] }).trustedNetworks).toEqual([
      '196.1.2.0/24',
      '2001:db8::/32',
    ]);
  });

  it('says in Arabic which line is not an address, and sends nothing', async () => {
    const calls = fakeAdminApi({ 'GET /api/Admin/Site': stored });
    const { user } = renderAdmin('/admin/site');
    const box = await screen.findByRole('textbox', { name: 'عناوين شبكة المدرسة (IP)' });
    await user.type(box, '\nمكتب المدرسة');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'اكتب في كل سطر عنوان IP أو نطاقًا صحيحًا، مثل 196.1.2.0/24',
    );
    expect(callsTo(calls, 'PUT /api/Admin/Site')).toHaveLength(0);
  });
});

describe('site settings: existing clients grade quizzes', () => {
  const TOGGLE = 'اسمح لتطبيقات الطلاب الحالية بتصحيح الاختبارات بنفسها';

  it('is off by default, warns that the answers reach the student’s browser, and saves on its own', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Site': stored,
      'PUT /api/Admin/Site/QuizGrading': (call: Parameters<typeof sentJson>[0]) =>
        envelope(200, 'Settings saved', { ...stored, ...(sentJson(call) as object) }),
    });
    const { user } = renderAdmin('/admin/site');
    const toggle = await screen.findByRole('checkbox', { name: TOGGLE });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('متوقف: الخادم يصحّح كل الاختبارات.')).toBeInTheDocument();
    expect(screen.getByText('تنبيه: الإجابات الصحيحة تصل إلى جهاز الطالب')).toBeInTheDocument();
    expect(screen.getByText(/تُرسَل الإجابات الصحيحة لكل اختبار إلى متصفح الطالب/)).toBeInTheDocument();

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'حفظ إعداد التصحيح' }));
    expect(await screen.findByText('حُفظ إعداد تصحيح الاختبارات.')).toBeInTheDocument();
    const [put] = callsTo(calls, 'PUT /api/Admin/Site/QuizGrading');
    expect(sentJson(put)).toEqual({ clientGradedQuizzes: true });
    expect(callsTo(calls, 'PUT /api/Admin/Site')).toHaveLength(0);
  });

  it('shows the stored setting when it is on, and can turn it off', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Site': { ...stored, clientGradedQuizzes: true },
      'PUT /api/Admin/Site/QuizGrading': (call: Parameters<typeof sentJson>[0]) =>
        envelope(200, 'Settings saved', { ...stored, ...(sentJson(call) as object) }),
    });
    const { user } = renderAdmin('/admin/site');
    const toggle = await screen.findByRole('checkbox', { name: TOGGLE });
    expect(toggle).toBeChecked();
    expect(screen.getByText('مفعّل: تطبيقات الطلاب الحالية تصحّح الاختبارات.')).toBeInTheDocument();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'حفظ إعداد التصحيح' }));
    expect(await screen.findByText('حُفظ إعداد تصحيح الاختبارات.')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'PUT /api/Admin/Site/QuizGrading')[0])).toEqual({
      clientGradedQuizzes: false,
    });
  });
});
