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

// Issue 15, defect 11. Spec: non-YouTube URLs also show a banner with a link to join the live session.
describe('VideoLesson: the live-session banner', () => {
  const renderContent = (overrides: Parameters<typeof videoContent>[1]) =>
    render(
      <VideoLesson content={videoContent(9, overrides)} mode="player" isLast={false} onComplete={vi.fn()} />,
    );

  it("shows it on an MP4 lesson, linking to the lesson's live session", () => {
    renderContent({
      videoUrl: '/media/sample-lesson.mp4',
      liveSessionUrl: 'https://meet.example.com/chem-live',
    });
    const link = screen.getByRole('link', { name: 'انضم إلى البث المباشر' });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/chem-live');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('يمكنك متابعة المحاضرة في صفحة البث')).toBeInTheDocument();
  });

  it('shows it greyed out, titled "not available", on an MP4 lesson without a live session', () => {
    renderContent({ videoUrl: 'https://cdn.example.com/lesson.mp4', liveSessionUrl: null });
    expect(screen.queryByRole('link', { name: 'انضم إلى البث المباشر' })).toBeNull();
    const greyed = screen.getByText('انضم إلى البث المباشر');
    expect(greyed).toHaveAttribute('aria-disabled', 'true');
    expect(greyed).toHaveAttribute('title', 'غير متاح');
    expect(screen.getByText('لا يوجد بث مباشر لهذا الدرس حاليًا')).toBeInTheDocument();
  });

  it("prefers the lesson's live session over the media host's page", () => {
    renderContent({
      videoUrl: 'https://iframe.mediadelivery.net/embed/77/abc-123',
      liveSessionUrl: 'https://meet.example.com/chem-live',
    });
    expect(screen.getByRole('link', { name: 'انضم إلى البث المباشر' })).toHaveAttribute(
      'href',
      'https://meet.example.com/chem-live',
    );
  });

  it('is not shown on a YouTube lesson, even with a live session set', () => {
    renderContent({ videoUrl: 'https://youtu.be/FSyAehMdpyI', liveSessionUrl: 'https://meet.example.com/x' });
    expect(screen.queryByText('انضم إلى البث المباشر')).toBeNull();
  });
});
