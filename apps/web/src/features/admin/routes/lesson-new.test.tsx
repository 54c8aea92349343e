// The new video lesson form (issue 15, defect 11): the school sets the lesson's live-session link,
// which the player's live-session banner opens.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminLesson, courseDetail } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const CREATE = 'POST /api/Admin/Units/5/Lessons';

function renderNewVideo() {
  const calls = fakeAdminApi({
    'GET /api/Admin/Courses/9': courseDetail(),
    [CREATE]: adminLesson({ id: 61, type: 'Video', name: 'البث الأول' }),
  });
  return { calls, ...renderAdmin('/admin/courses/9/units/5/lessons/new/Video') };
}

async function fillVideo(user: ReturnType<typeof renderAdmin>['user'], liveSessionUrl: string) {
  await user.type(await screen.findByLabelText('اسم الدرس'), 'البث الأول');
  await user.type(screen.getByLabelText('رابط الفيديو (اختياري)'), 'https://cdn.example.com/lesson.mp4');
  if (liveSessionUrl) await user.type(screen.getByLabelText('رابط البث المباشر (اختياري)'), liveSessionUrl);
  await user.click(screen.getByRole('button', { name: 'إنشاء الدرس' }));
}

describe('New video lesson: the live-session link', () => {
  it('sends the link the school typed', async () => {
    const { calls, user } = renderNewVideo();
    await fillVideo(user, 'https://meet.example.com/chem-live');
    await waitFor(() => expect(callsTo(calls, CREATE)).toHaveLength(1));
    expect(sentJson(callsTo(calls, CREATE)[0])).toMatchObject({
      type: 'Video',
      videoUrl: 'https://cdn.example.com/lesson.mp4',
      liveSessionUrl: 'https://meet.example.com/chem-live',
    });
  });

  it('is optional: left empty, the lesson has none', async () => {
    const { calls, user } = renderNewVideo();
    await fillVideo(user, '');
    await waitFor(() => expect(callsTo(calls, CREATE)).toHaveLength(1));
    expect(sentJson(callsTo(calls, CREATE)[0])).toMatchObject({ liveSessionUrl: null });
  });

  it('refuses a link that is not a web address, sending nothing', async () => {
    const { calls, user } = renderNewVideo();
    await fillVideo(user, 'javascript:alert(1)');
    await waitFor(() =>
      expect(screen.getByLabelText('رابط البث المباشر (اختياري)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(callsTo(calls, CREATE)).toHaveLength(0);
  });
});
