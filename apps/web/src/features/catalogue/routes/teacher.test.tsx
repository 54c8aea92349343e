import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { Component as TeacherPage } from './teacher';

const TEACHER = {
  id: 3,
  name: 'أ. محمود عبد الرحمن',
  title: 'معلم أول اللغة العربية للمرحلة الثانوية',
  photoUrl: '/media/teacher.svg',
  bio: 'يدرّس النحو والبلاغة.',
  credentials: ['ليسانس دار العلوم', 'خبرة 15 عامًا'],
  methods: ['خرائط ذهنية', 'اختبار قصير بعد كل درس'],
};

function api(status = 200, whatsapp: string | null = '201000000000') {
  return stubFetch((call) => {
    if (call.url.pathname === '/api/Teacher/3')
      return status === 200 ? envelope(200, null, TEACHER) : envelope(status, 'Teacher not found.');
    if (call.url.pathname === '/api/Contact/getAll')
      return envelope(200, null, [
        { whatsApp_Number: whatsapp, facebook_Page: null, youTube_Channel: null, tiktokChannel: null },
      ]);
    return envelope(404, 'Not found');
  });
}

const renderTeacher = () => renderRoute(<TeacherPage />, { path: '/teachers/:id', url: '/teachers/3' });

describe('Teacher profile', () => {
  it('shows the photo, name, title, credentials and methods', async () => {
    const calls = api();
    renderTeacher();
    expect(await screen.findByRole('heading', { level: 1, name: TEACHER.name })).toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/Teacher/3');
    expect(screen.getByRole('img', { name: `صورة ${TEACHER.name}` })).toHaveAttribute(
      'src',
      '/media/teacher.svg',
    );
    expect(screen.getByText(TEACHER.title)).toBeInTheDocument();
    const credentials = screen
      .getByRole('heading', { level: 2, name: 'المؤهلات والخبرات' })
      .closest('section')!;
    expect(
      within(credentials)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TEACHER.credentials);
    const methods = screen.getByRole('heading', { level: 2, name: 'طريقة التدريس' }).closest('section')!;
    expect(
      within(methods)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TEACHER.methods);
  });

  it('ends with a call to action: the courses section and a WhatsApp chat', async () => {
    api();
    renderTeacher();
    expect(await screen.findByRole('link', { name: 'تصفّح الكورسات' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
    expect(await screen.findByRole('link', { name: /تواصل معنا عبر واتساب/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/201000000000\?text=/),
    );
  });

  it('says the teacher was not found on a 404', async () => {
    api(404);
    renderTeacher();
    expect(await screen.findByRole('heading', { level: 1, name: 'المعلم غير موجود' })).toBeInTheDocument();
  });
});
