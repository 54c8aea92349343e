import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, pending, stubFetch, sentJson } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { Component as ForgotPassword } from './forgot-password';
import { ltrIsolate } from '../../../i18n/messages';

type User = ReturnType<typeof renderRoute>['user'];

function renderForgot(url = '/forgot-password') {
  return renderRoute(<ForgotPassword />, { path: '/forgot-password', url });
}

async function fillReset(user: User, otp = '123456', password = 'newpass1', confirm = password) {
  await user.type(screen.getByLabelText('الكود (6 أرقام)'), otp);
  await user.type(screen.getByLabelText('كلمة المرور الجديدة'), password);
  await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), confirm);
  await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
}

describe('Forgot password, step 1', () => {
  it('requires an email (an email-type field) and links back to login', async () => {
    const calls = stubFetch(() => envelope(200, null));
    const { user } = renderForgot();
    expect(screen.getByText('الخطوة 1 من 3')).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'العودة لتسجيل الدخول' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'إرسال الكود' }));
    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'nope');
    await user.click(screen.getByRole('button', { name: 'إرسال الكود' }));
    expect(await screen.findByText('من فضلك أدخل بريدًا إلكترونيًا صحيحًا')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a spinner while sending', async () => {
    stubFetch(() => pending());
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال الكود' }));
    expect(await screen.findByRole('button', { name: 'جارٍ الإرسال...' })).toBeDisabled();
  });

  it('sends the code, shows the green panel, and continues to step 2 with the email', async () => {
    const calls = stubFetch(() => envelope(200, 'OTP has been sent to your email.'));
    const { user, router } = renderForgot();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), ' Sara@Example.com ');
    await user.click(screen.getByRole('button', { name: 'إرسال الكود' }));
    expect(await screen.findByText('تم إرسال الكود إلى بريدك الإلكتروني.')).toBeInTheDocument();
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/Auth/ForgotPassword');
    expect(calls[0]!.url.searchParams.get('email')).toBe('Sara@Example.com');

    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    expect(await screen.findByText('الخطوة 2 من 3')).toBeInTheDocument();
    expect(
      screen.getByText(`أدخل الكود المرسل إلى ${ltrIsolate('Sara@Example.com')} ثم اختر كلمة مرور جديدة.`),
    ).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('Sara@Example.com');
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال الكود' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر إرسال كود استعادة كلمة المرور');
  });
});

describe('Forgot password, ?email= and steps 2-3', () => {
  it('jumps straight to step 2 with the email filled in', () => {
    stubFetch(() => envelope(200, null));
    renderForgot('/forgot-password?email=sara%40example.com');
    expect(screen.getByText('الخطوة 2 من 3')).toBeInTheDocument();
    expect(
      screen.getByText(`أدخل الكود المرسل إلى ${ltrIsolate('sara@example.com')} ثم اختر كلمة مرور جديدة.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إرسال الكود' })).not.toBeInTheDocument();
  });

  it('validates the code, the length and the match of the new password', async () => {
    const calls = stubFetch(() => envelope(200, null));
    const { user } = renderForgot('/forgot-password?email=sara%40example.com');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('من فضلك أدخل الكود')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور مطلوبة')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أكّد كلمة المرور الجديدة')).toBeInTheDocument();

    await fillReset(user, '12a', '12345', '12399');
    expect(await screen.findByText('الكود يتكون من 6 أرقام')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور يجب ألا تقل عن 6 أحرف')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('resets the password (Arabic-Indic digits accepted) and ends on step 3 with a link to login', async () => {
    const calls = stubFetch(() => envelope(200, 'Password has been reset successfully'));
    const { user } = renderForgot('/forgot-password?email=sara%40example.com');
    await fillReset(user, '١٢٣٤٥٦');
    expect(await screen.findByText('تم تغيير كلمة المرور بنجاح')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب لتسجيل الدخول' })).toHaveAttribute(
      'href',
      '/login?email=sara%40example.com',
    );
    expect(calls[0]!.url.pathname).toBe('/api/Auth/ResetPassword');
    expect(sentJson(calls[0])).toEqual({
      email: 'sara@example.com',
      otp: '123456',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
    });
  });

  it("translates 'Invalid or expired code'", async () => {
    stubFetch(() => envelope(400, 'Invalid or expired code'));
    const { user } = renderForgot('/forgot-password?email=sara%40example.com');
    await fillReset(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('الكود غير صحيح أو منتهي الصلاحية');
    expect(screen.getByText('الخطوة 2 من 3')).toBeInTheDocument();
  });

  it('goes back to step 1 (email kept) to ask for a new code', async () => {
    stubFetch(() => envelope(200, null));
    const { user } = renderForgot('/forgot-password?email=sara%40example.com');
    await user.click(screen.getByRole('button', { name: 'لم يصلك الكود؟ اطلب كودًا جديدًا' }));
    await waitFor(() => expect(screen.getByText('الخطوة 1 من 3')).toBeInTheDocument());
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.com');
  });
});
