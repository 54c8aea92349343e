import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../../test/render';
import { authStore } from '../../../../lib/auth-store';
import { videoContent } from '../../testing/fixtures';
import { VideoLesson } from './video-lesson';

function renderLesson(videoUrl: string) {
  const onComplete = vi.fn(() => Promise.resolve());
  render(
    <VideoLesson
      content={videoContent(9, { videoUrl })}
      mode="player"
      isLast={false}
      onComplete={onComplete}
    />,
  );
  const frame = document.querySelector('iframe')!;
  const fromFrame = (origin: string, data: unknown) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: JSON.stringify(data), origin, source: frame.contentWindow }),
      );
    });
  return { frame, fromFrame, onComplete };
}

beforeEach(() => {
  authStore.signIn(TEST_USER, 'token');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VideoLesson with an embedded player', () => {
  it('embeds the media delivery host, offers the live session link, and completes past 90 % from its messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const url = 'https://iframe.mediadelivery.net/embed/77/abc-123';
    const { frame, fromFrame } = renderLesson(url);
    expect(frame).toHaveAttribute('src', url);
    expect(frame).toHaveAttribute('title', 'درس 9');
    expect(screen.getByRole('link', { name: 'انضم إلى البث المباشر' })).toHaveAttribute('href', url);
    expect(frame.parentElement).toContainElement(screen.getByTestId('watermark'));

    const origin = 'https://iframe.mediadelivery.net';
    fromFrame(origin, { context: 'player.js', event: 'ready' });
    fromFrame(origin, { context: 'player.js', event: 'getDuration', value: 100 });
    fromFrame(origin, { context: 'player.js', event: 'getCurrentTime', value: 50 });
    expect(screen.queryByRole('button', { name: 'أكمل وتابع' })).toBeNull();
    fromFrame(origin, { context: 'player.js', event: 'getCurrentTime', value: 91 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'أكمل وتابع' })).toBeInTheDocument());
  });

  it('embeds YouTube without cookies and without the live banner, and completes past 90 % from its messages', async () => {
    const { frame, fromFrame } = renderLesson('https://youtu.be/FSyAehMdpyI');
    expect(frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/FSyAehMdpyI\?enablejsapi=1/,
    );
    expect(screen.queryByRole('link', { name: 'انضم إلى البث المباشر' })).toBeNull();
    fromFrame('https://www.youtube-nocookie.com', {
      event: 'infoDelivery',
      info: { currentTime: 95, duration: 100 },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'أكمل وتابع' })).toBeInTheDocument());
  });

  it('shows no live banner for our own player', () => {
    renderLesson('/media/sample-lesson.mp4');
    expect(screen.queryByRole('link', { name: 'انضم إلى البث المباشر' })).toBeNull();
    expect(screen.getByRole('region', { name: 'مشغل الفيديو' })).toBeInTheDocument();
  });

  it('marks the lesson complete once: the enjoyed button is disabled after success', async () => {
    const { onComplete } = renderLesson('/media/sample-lesson.mp4');
    const enjoyed = screen.getByRole('button', { name: 'استمتعت بالمحاضرة' });
    act(() => enjoyed.click());
    await waitFor(() => expect(enjoyed).toBeDisabled());
    act(() => enjoyed.click());
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('enjoyed');
  });
});
