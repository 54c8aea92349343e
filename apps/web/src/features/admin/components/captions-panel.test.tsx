// Issue 19: a saved video lesson's captions — the list, a .vtt uploaded with its language (Arabic
// by default) and label, deleting one.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminLesson } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

vi.mock('tus-js-client', () => ({
  DetailedError: class extends Error {},
  Upload: class {},
  defaultOptions: { urlStorage: { findAllUploads: () => Promise.resolve([]) } },
}));

const LESSON = 61;
const CAPTIONS = `/api/Admin/Lessons/${LESSON}/Captions`;

function renderLesson(extra: Record<string, unknown> = {}) {
  let list = [{ language: 'en', label: 'English', createdAt: '2026-11-25T10:00:00.000Z' }];
  const calls = fakeAdminApi({
    [`GET /api/Admin/Lessons/${LESSON}`]: adminLesson({ id: LESSON, type: 'Video', name: 'الدرس الأول' }),
    'GET /api/Admin/Video/support': { ffmpeg: true, maxUploadBytes: 1024 },
    [`GET /api/Admin/Lessons/${LESSON}/Video`]: { playing: null, latest: null },
    [`GET ${CAPTIONS}`]: () => envelope(200, null, list),
    [`POST ${CAPTIONS}`]: () => {
      list = [...list, { language: 'ar', label: 'العربية', createdAt: '2026-11-25T11:00:00.000Z' }];
      return envelope(200, null, list);
    },
    [`DELETE ${CAPTIONS}/en`]: () => {
      list = [];
      return envelope(200, null, null);
    },
    ...extra,
  });
  return { calls, ...renderAdmin(`/admin/lessons/${LESSON}`) };
}

const vtt = (name = 'ar.vtt') =>
  new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nمرحبًا'], name, { type: 'text/vtt' });

describe('Lesson form: captions', () => {
  it('lists the captions and uploads a .vtt in Arabic by default, with its label', async () => {
    const { calls, user } = renderLesson();
    const list = await screen.findByRole('list', { name: 'ملفات الترجمة الحالية' });
    expect(within(list).getByText('English')).toBeInTheDocument();
    expect(screen.getByLabelText('اللغة')).toHaveValue('ar');
    expect(screen.getByLabelText('الاسم الظاهر للطلاب')).toHaveValue('العربية');
    await user.upload(screen.getByLabelText('ملف الترجمة'), vtt());
    await user.click(screen.getByRole('button', { name: 'رفع الترجمة' }));
    await waitFor(() => expect(callsTo(calls, `POST ${CAPTIONS}`)).toHaveLength(1));
    const form = callsTo(calls, `POST ${CAPTIONS}`)[0]!.body as FormData;
    expect(form.get('language')).toBe('ar');
    expect(form.get('label')).toBe('العربية');
    expect((form.get('file') as File).name).toBe('ar.vtt');
    expect(await screen.findByText('رُفع ملف الترجمة.')).toBeInTheDocument();
    expect(await within(list).findByText('العربية')).toBeInTheDocument();
  });

  it('offers English and French with their labels, and says a language already there is replaced', async () => {
    const { user } = renderLesson();
    await screen.findByRole('list', { name: 'ملفات الترجمة الحالية' });
    const language = screen.getByLabelText('اللغة');
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['ar', 'en', 'fr']);
    await user.selectOptions(language, 'fr');
    expect(screen.getByLabelText('الاسم الظاهر للطلاب')).toHaveValue('Français');
    await user.selectOptions(language, 'en');
    expect(screen.getByText('توجد ترجمة بهذه اللغة: سيحلّ الملف الجديد محلّها.')).toBeInTheDocument();
  });

  it('refuses a file that is not .vtt before sending it', async () => {
    const { calls, user } = renderLesson();
    await screen.findByRole('list', { name: 'ملفات الترجمة الحالية' });
    await user.upload(screen.getByLabelText('ملف الترجمة'), vtt('subs.srt'));
    await user.click(screen.getByRole('button', { name: 'رفع الترجمة' }));
    expect(await screen.findByText('اختر ملف ترجمة بصيغة ‎.vtt‎.')).toBeInTheDocument();
    expect(callsTo(calls, `POST ${CAPTIONS}`)).toHaveLength(0);
  });

  it("shows the server's refusal of a file that is not WebVTT", async () => {
    const { user } = renderLesson({ [`POST ${CAPTIONS}`]: () => envelope(400, 'Not a WebVTT file') });
    await screen.findByRole('list', { name: 'ملفات الترجمة الحالية' });
    await user.upload(screen.getByLabelText('ملف الترجمة'), vtt());
    await user.click(screen.getByRole('button', { name: 'رفع الترجمة' }));
    expect(await screen.findByText(/يجب أن يكون ملف WebVTT/)).toBeInTheDocument();
  });

  it('deletes a language, after asking', async () => {
    const { calls, user } = renderLesson();
    await user.click(await screen.findByRole('button', { name: 'حذف ترجمة English' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(callsTo(calls, `DELETE ${CAPTIONS}/en`)).toHaveLength(1));
    expect(await screen.findByText('لا توجد ملفات ترجمة بعد.')).toBeInTheDocument();
  });
});
