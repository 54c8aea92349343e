import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminCourse, page } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const coursesPage = { ...page(), courses: [adminCourse()] };

describe('the /admin guard', () => {
  it('sends a visitor who is not signed in to /login, remembering where they were going', async () => {
    const calls = fakeAdminApi({});
    renderAdmin('/admin/courses?grade=Secondary3', { user: null });
    expect(await screen.findByTestId('landing')).toHaveTextContent(
      '/login?from=%2Fadmin%2Fcourses%3Fgrade%3DSecondary3',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the site’s not-found page to a signed-in account the API refuses (403)', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Me': () => envelope(403, 'Forbidden'),
      'GET /api/Admin/Courses': coursesPage,
    });
    renderAdmin('/admin/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'أقسام لوحة الإدارة' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/Admin/Courses')).toHaveLength(0);
  });

  it('sends to /login when the session has ended (401 and the refresh fails)', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Me': () => envelope(401, 'Authentication required'),
      'POST /api/Auth/refresh-token': () => envelope(401, 'Invalid refresh token'),
    });
    renderAdmin('/admin/students');
    expect(await screen.findByTestId('landing')).toHaveTextContent('/login?from=%2Fadmin%2Fstudents');
    expect(callsTo(calls, 'POST /api/Auth/refresh-token')).toHaveLength(1);
  });

  it('opens the admin layout for the tenant’s admin on its first section: school name, sections, the way back', async () => {
    const calls = fakeAdminApi({ 'GET /api/Admin/Courses': coursesPage });
    const { router } = renderAdmin('/admin');
    expect(await screen.findByText('مدرسة النور')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'أقسام لوحة الإدارة' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['الكورسات', '/admin/courses'],
      ['الكتب', '/admin/books'],
      ['الأكواد', '/admin/codes'],
      ['الطلاب', '/admin/students'],
      ['نتائج الاختبارات', '/admin/quiz-results'],
      ['الموقع', '/admin/site'],
      ['سجل العمليات', '/admin/audit-log'],
    ]);
    expect(screen.getByRole('link', { name: 'العودة إلى الموقع' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('link', { name: 'الكيمياء العضوية' })).toHaveAttribute(
      'href',
      '/admin/courses/9',
    );
    expect(router.state.location.pathname).toBe('/admin/courses');
    expect(callsTo(calls, 'GET /api/Admin/Me')[0]!.headers.get('Authorization')).toBe(
      'Bearer test-access-token',
    );
  });
});
