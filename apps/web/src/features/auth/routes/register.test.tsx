import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failingFetch, stubFetch } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { Component as Register } from './register';

type User = ReturnType<typeof renderRoute>['user'];

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));

async function fillValid(user: User) {
  await user.type(field('الاسم بالكامل'), 'سارة أحمد');
  await user.type(field('البريد الإلكتروني'), 'sara@example.com');
  await user.type(field('كلمة المرور'), 'secret12');
  await user.type(field('تأكيد كلمة المرور'), 'secret12');
  await user.type(field('رقم الهاتف'), '0101 234 5678');
  await user.type(field('رقم هاتف ولي الأمر'), '01198765432');
  await user.selectOptions(field('الدولة'), 'egypt');
  await user.selectOptions(field('الصف الدراسي'), 'Secondary2');
  await user.click(screen.getByRole('radio', { name: 'سنتر' }));
}

function renderRegister() {
  return renderRoute(<Register />, { path: '/register' });
}

describe('Register', () => {
  it('shows the required-field messages of the spec', async () => {
    const calls = stubFetch(() => envelope(200, null));
    const { user } = renderRegister();
    await submit(user);
    for (const message of [
      'الاسم مطلوب',
      'البريد الإلكتروني مطلوب',
      'كلمة المرور مطلوبة',
      'من فضلك أكّد كلمة المرور',
      'رقم الهاتف مطلوب',
      'رقم هاتف ولي الأمر مطلوب',
      'من فضلك اختر الدولة',
      'من فضلك اختر الصف',
      'من فضلك اختر نوع الطالب (أونلاين أو سنتر)',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('checks the email type, the password length and that the passwords match', async () => {
    stubFetch(() => envelope(200, null));
    const { user } = renderRegister();
    expect(field('البريد الإلكتروني')).toHaveAttribute('type', 'email');
    await user.type(field('البريد الإلكتروني'), 'not-an-email');
    await user.type(field('كلمة المرور'), '12345');
    await user.type(field('تأكيد كلمة المرور'), '12346');
    await user.type(field('رقم الهاتف'), '12ab');
    await submit(user);
    expect(await screen.findByText('من فضلك أدخل بريدًا إلكترونيًا صحيحًا')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور يجب ألا تقل عن 6 أحرف')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(screen.getByText('رقم الهاتف غير صحيح (من 8 إلى 15 رقمًا)')).toBeInTheDocument();
  });

  it('keeps the grade disabled until a country is chosen, lists that country’s grades, and clears it on change', async () => {
    stubFetch(() => envelope(200, null));
    const { user } = renderRegister();
    const grade = field('الصف الدراسي') as HTMLSelectElement;
    expect(grade).toBeDisabled();

    await user.selectOptions(field('الدولة'), 'egypt');
    expect(grade).toBeEnabled();
    const egypt = within(grade)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(egypt).toEqual(['اختر الصف', 'الصف الأول الثانوي', 'الصف الثاني الثانوي', 'الصف الثالث الثانوي']);
    await user.selectOptions(grade, 'Secondary3');
    expect(grade).toHaveValue('Secondary3');

    await user.selectOptions(field('الدولة'), 'oman');
    expect(grade).toHaveValue('');
    const oman = within(grade)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(oman).toEqual([
      '',
      'Oman4',
      'Oman5',
      'Oman6',
      'Oman7',
      'Oman8',
      'Oman9',
      'Oman10',
      'Oman11',
      'Oman12',
    ]);
    await submit(user);
    expect(await screen.findByText('من فضلك اختر الصف')).toBeInTheDocument();
  });

  it('sends multipart form data without the country, then goes to /login with the email', async () => {
    const calls = stubFetch(() =>
      envelope(200, 'Registered', {
        id: 9,
        name: 'سارة أحمد',
        email: 'sara@example.com',
        requiresEmailConfirmation: true,
      }),
    );
    const { user, router } = renderRegister();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('sara@example.com');
    expect(router.state.location.state).toEqual({
      registered: true,
      email: 'sara@example.com',
      requiresEmailConfirmation: true,
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/Auth/register');
    const body = calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      UserName: 'سارة أحمد',
      Email: 'sara@example.com',
      Password: 'secret12',
      ConfirmPassword: 'secret12',
      PhoneNumber: '01012345678',
      ParentPhone: '01198765432',
      AcademicYear: 'Secondary2',
      IsOnline: 'false',
    });
  });

  it.each([
    ['Email is already registered', 'البريد الإلكتروني', 'هذا البريد الإلكتروني مسجل بالفعل'],
    ['Phone number is already registered', 'رقم الهاتف', 'رقم الهاتف مسجل بالفعل'],
  ])('puts the 409 "%s" on its field, in Arabic', async (message, label, shown) => {
    stubFetch(() => envelope(409, message));
    const { user, router } = renderRegister();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(shown);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('maps server field errors (UserName, ParentPhone…) onto the form fields, in Arabic by field and rule', async () => {
    stubFetch(() =>
      envelope(400, 'UserName must be at most 100 characters', null, {
        UserName: 'UserName must be at most 100 characters',
        ParentPhone: 'ParentPhone must be a valid phone number',
      }),
    );
    const { user } = renderRegister();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('الاسم: ١٠٠ حرف على الأكثر')).toBeInTheDocument();
    expect(field('الاسم بالكامل')).toHaveAttribute('aria-invalid', 'true');
    expect(field('رقم هاتف ولي الأمر')).toHaveAccessibleDescription(
      'رقم هاتف ولي الأمر: اكتب رقم هاتف صحيحًا',
    );
  });

  it("stops typing at the contract's limits, so the server's length refusal never shows", () => {
    stubFetch(() => envelope(200, null));
    renderRegister();
    expect(field('الاسم بالكامل')).toHaveAttribute('maxLength', '100');
    expect(field('رقم هاتف ولي الأمر')).toHaveAttribute('maxLength', '32');
  });

  it('never shows a server message in English on its form', async () => {
    stubFetch(() => envelope(400, 'UserName is not allowed', null, { UserName: 'UserName is not allowed' }));
    const { user } = renderRegister();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('حدث خطأ غير متوقع')).toBeInTheDocument();
    expect(screen.queryByText(/not allowed/)).not.toBeInTheDocument();
  });

  it('shows other failures, or "Registration failed" in Arabic when there is no message', async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    const { user } = renderRegister();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('فشل إنشاء الحساب');
  });

  it('on a network failure shows the hint box and Try Again sends again', async () => {
    const calls = failingFetch();
    const { user } = renderRegister();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('تعذّر الاتصال بالخادم')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('links to the login page', () => {
    stubFetch(() => envelope(200, null));
    renderRegister();
    expect(screen.getByRole('link', { name: 'سجّل الدخول' })).toHaveAttribute('href', '/login');
  });
});
