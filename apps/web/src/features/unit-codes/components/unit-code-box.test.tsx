import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, json, pending, stubFetch } from '../../../../test/fetch';
import { renderRoute, TEST_USER, type RenderOptions } from '../../../../test/render';
import { UnitCodeBox } from './unit-code-box';

const VALID_CODE = 'ABCDE-23456';

function renderBox(loggedIn = true, userEvent?: RenderOptions['userEvent']) {
  return renderRoute(<UnitCodeBox isAuthenticated={loggedIn} />, {
    user: loggedIn ? TEST_USER : null,
    userEvent,
  });
}

const input = () => screen.getByRole('textbox', { name: 'كود المحاضرة' });
const submitButton = () => screen.getByRole('button', { name: /تفعيل الكود|جارٍ التحقق/ });

describe('UnitCodeBox', () => {
  it('keeps the button disabled while the trimmed code is empty', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user } = renderBox();
    expect(submitButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(input(), 'A');
    expect(submitButton()).toBeEnabled();
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed code before sending anything', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user } = renderBox();
    await user.type(input(), 'abc');
    await user.click(submitButton());
    expect(await screen.findByText('من فضلك أدخل كودًا صحيحًا')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('tells a visitor to log in first, and sends them to /login from home on submit', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user, router } = renderBox(false);
    expect(screen.getByText('سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.')).toBeInTheDocument();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/');
    expect(calls).toHaveLength(0);
  });

  it('reads "verifying..." and is disabled while the code is being checked', async () => {
    stubFetch(() => pending());
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    const button = await screen.findByRole('button', { name: 'جارٍ التحقق...' });
    expect(button).toBeDisabled();
  });

  it('on success shows the message, locks the box, refreshes my units and opens /my-lectures after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => envelope(200, 'Code entered successfully'));
    const { user, router, queryClient } = renderBox(true, { advanceTimers: vi.advanceTimersByTime });
    queryClient.setQueryData(['my-units'], { units: [] });
    await user.type(input(), `  ${VALID_CODE} `);
    await user.click(submitButton());

    expect(await screen.findByText('تم إدخال الكود بنجاح، جارٍ تحويلك إلى محاضراتك')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/UnitCode/EnterCode');
    expect(calls[0]!.url.searchParams.get('code')).toBe(VALID_CODE);
    expect(calls[0]!.body).toBeUndefined();
    await waitFor(() => expect(queryClient.getQueryState(['my-units'])?.isInvalidated).toBe(true));

    expect(router.state.location.pathname).toBe('/');
    vi.advanceTimersByTime(1900);
    expect(router.state.location.pathname).toBe('/');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-lectures'));
  });

  it.each([
    [404, 'Code not found.', 'الكود غير صحيح أو غير موجود'],
    [403, 'You do not have access to this unit', 'ليس لديك صلاحية للوصول إلى هذه الوحدة'],
    [409, 'Code already used.', 'هذا الكود مستخدم من قبل'],
    [429, 'Too many attempts. Please try again later.', 'محاولات كثيرة، حاول مرة أخرى بعد قليل'],
    [500, 'Database is being upgraded', 'Database is being upgraded'],
  ])('shows the text for a %i answer', async (status, serverMessage, shown) => {
    stubFetch(() => envelope(status, serverMessage));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('asks to log in when the server says the session is gone (401, refresh refused)', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/refresh-token'
        ? envelope(401, 'Invalid or expired refresh token')
        : envelope(401, 'Unauthorized'),
    );
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('من فضلك سجّل الدخول أولًا')).toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/api/UnitCode/EnterCode',
      '/api/Auth/refresh-token',
    ]);
  });

  it('falls back to "unexpected error" when a failure has no message', async () => {
    stubFetch(() => json(502, null));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('حدث خطأ غير متوقع')).toBeInTheDocument();
  });

  it('clears an error as soon as the code is edited', async () => {
    stubFetch(() => envelope(404, 'Code not found.'));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('الكود غير صحيح أو غير موجود')).toBeInTheDocument();
    await user.type(input(), '7');
    expect(screen.queryByText('الكود غير صحيح أو غير موجود')).not.toBeInTheDocument();
  });
});
