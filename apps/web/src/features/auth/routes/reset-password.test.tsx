import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { Component as ResetPassword } from './reset-password';
import { ltrIsolate } from '../../../i18n/messages';

type User = ReturnType<typeof renderRoute>['user'];

function renderReset(url = '/reset-password?email=sara%40example.com') {
  return renderRoute(<ResetPassword />, { path: '/reset-password', url });
}

async function fill(user: User, password: string, confirm: string) {
  await user.type(screen.getByLabelText('الكود (6 أرقام)'), '654321');
  await user.type(screen.getByLabelText('كلمة المرور الجديدة'), password);
  await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), confirm);
  await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
}

describe('Reset password route', () => {
  it('renders step 2 for its ?email=', () => {
    stubFetch(() => envelope(200, null));
    renderReset();
    expect(screen.getByText('الخطوة 2 من 3')).toBeInTheDocument();
    expect(
      screen.getByText(`أدخل الكود المرسل إلى ${ltrIsolate('sara@example.com')} ثم اختر كلمة مرور جديدة.`),
    ).toBeInTheDocument();
  });

  it('refuses passwords that do not match', async () => {
    const calls = stubFetch(() => envelope(200, null));
    const { user } = renderReset();
    await fill(user, 'newpass1', 'newpass2');
    expect(await screen.findByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(screen.getByLabelText('تأكيد كلمة المرور الجديدة')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const calls = stubFetch(() => envelope(200, null));
    const { user } = renderReset();
    await fill(user, 'abc12', 'abc12');
    expect(await screen.findByText('كلمة المرور يجب ألا تقل عن 6 أحرف')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the email too when the link did not bring one', async () => {
    stubFetch(() => envelope(200, null));
    const { user } = renderReset('/reset-password');
    expect(screen.getByText('الخطوة 2 من 3')).toBeInTheDocument();
    await fill(user, 'newpass1', 'newpass1');
    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
  });

  it("shows the fallback 'Failed to reset password' (in Arabic) when the server gives no message", async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    const { user } = renderReset();
    await fill(user, 'newpass1', 'newpass1');
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تغيير كلمة المرور');
  });
});
