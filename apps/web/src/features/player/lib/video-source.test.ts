import { describe, expect, it } from 'vitest';
import { classifyVideoUrl } from './video-source';

const PAGE = 'https://learn.example';

describe('classifyVideoUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=FSyAehMdpyI',
    'https://youtube.com/watch?v=FSyAehMdpyI&t=30s',
    'https://m.youtube.com/watch?v=FSyAehMdpyI',
    'https://youtu.be/FSyAehMdpyI',
    'https://www.youtube.com/embed/FSyAehMdpyI',
    'https://www.youtube.com/shorts/FSyAehMdpyI',
  ])('plays %s in the privacy-enhanced YouTube embed with the JS API', (url) => {
    const source = classifyVideoUrl(url, PAGE);
    expect(source.kind).toBe('youtube');
    if (source.kind !== 'youtube') return;
    const embed = new URL(source.embedUrl);
    expect(embed.origin).toBe('https://www.youtube-nocookie.com');
    expect(embed.pathname).toBe('/embed/FSyAehMdpyI');
    expect(embed.searchParams.get('enablejsapi')).toBe('1');
    expect(embed.searchParams.get('origin')).toBe(PAGE);
  });

  it.each([
    [
      'https://iframe.mediadelivery.net/embed/1234/abcd-ef',
      'https://iframe.mediadelivery.net/embed/1234/abcd-ef',
    ],
    [
      'https://iframe.mediadelivery.net/play/1234/abcd-ef',
      'https://iframe.mediadelivery.net/embed/1234/abcd-ef',
    ],
    ['https://video.bunnycdn.com/play/1234/abcd-ef', 'https://video.bunnycdn.com/embed/1234/abcd-ef'],
  ])('embeds %s from the media delivery host', (url, embedUrl) => {
    const source = classifyVideoUrl(url, PAGE);
    expect(source).toMatchObject({ kind: 'media-host', embedUrl, pageUrl: url });
  });

  it('plays HLS playlists in our player, whatever the host', () => {
    expect(classifyVideoUrl('https://cdn.example/v/master.m3u8', PAGE)).toEqual({
      kind: 'hls',
      url: 'https://cdn.example/v/master.m3u8',
    });
    expect(classifyVideoUrl('https://vz-1.b-cdn.net/abc/playlist.M3U8?token=1', PAGE).kind).toBe('hls');
  });

  it('plays other files in our player, keeping same-origin paths relative', () => {
    expect(classifyVideoUrl('/media/sample-lesson.mp4', PAGE)).toEqual({
      kind: 'file',
      url: '/media/sample-lesson.mp4',
    });
    expect(classifyVideoUrl('https://cdn.example/a.webm', PAGE)).toEqual({
      kind: 'file',
      url: 'https://cdn.example/a.webm',
    });
  });

  it('does not take a look-alike host for YouTube', () => {
    expect(classifyVideoUrl('https://notyoutube.com/watch?v=FSyAehMdpyI', PAGE).kind).toBe('file');
    expect(classifyVideoUrl('https://www.youtube.com/watch?v=short', PAGE).kind).toBe('file');
  });
});
