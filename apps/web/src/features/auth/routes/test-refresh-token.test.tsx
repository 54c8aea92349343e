import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { authStore } from '../../../lib/auth-store';
import { Component as TestRefreshToken } from './test-refresh-token';

describe('Token refresh test page', () => {
  it('renews the token, calls the profile with it and logs each step', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/refresh-token'
        ? envelope(200, null, { token: 'renewed-access-token-xyz' })
        : envelope(200, null, { ...TEST_USER, grade: 'Secondary2' }),
    );
    const { user } = renderRoute(<TestRefreshToken />, { path: '/test-refresh-token', user: TEST_USER });
    await user.click(screen.getByRole('button', { name: 'تشغيل الاختبار' }));
    expect(await screen.findByText('انتهى الاختبار')).toBeInTheDocument();
    expect(screen.getByText(/تم التجديد، الرمز الجديد: renewed-acce/)).toBeInTheDocument();
    expect(screen.getByText(`نجح الطلب بالرمز الجديد: ${TEST_USER.name}`)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/Auth/refresh-token',
      'GET /api/Student/profile',
    ]);
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer renewed-access-token-xyz');
    expect(authStore.get().token).toBe('renewed-access-token-xyz');
  });

  it('logs a refused refresh and stops there', async () => {
    const calls = stubFetch(() => envelope(401, 'Invalid or expired refresh token'));
    const { user } = renderRoute(<TestRefreshToken />, { path: '/test-refresh-token', user: TEST_USER });
    await user.click(screen.getByRole('button', { name: 'تشغيل الاختبار' }));
    expect(await screen.findByText('فشل تجديد الرمز')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
