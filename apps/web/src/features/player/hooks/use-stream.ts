// What the player does with a source beyond playing it: an HLS stream is attached (hls.js or the
// browser's own) with the device's quality and data saver, and the chosen caption language is shown
// through the stream's subtitle tracks, or for a file through its `<track>` elements.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { attachHls, type HlsSession } from '../lib/hls';
import { selectTextTrack } from '../lib/text-tracks';
import { useVideoPreferences } from './use-video-preferences';

export type Stream = ReturnType<typeof useStream>;

export function useStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: { kind: 'hls' | 'file'; url: string },
  onFatal: () => void,
) {
  const session = useRef<HlsSession | null>(null);
  const [heights, setHeights] = useState<number[]>([]);
  // Off by default, and off again for the next lesson's source.
  const [caption, setCaption] = useState<{ url: string; language: string | null }>({
    url: source.url,
    language: null,
  });
  const captionLanguage = caption.url === source.url ? caption.language : null;
  const captionRef = useRef(captionLanguage);
  const { preferences, setQuality, setDataSaver } = useVideoPreferences();
  const preferencesRef = useRef(preferences);
  const fatal = useRef(onFatal);

  useEffect(() => {
    fatal.current = onFatal;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || source.kind !== 'hls') return;
    let cancelled = false;
    void attachHls(video, source.url, preferencesRef.current, {
      onFatal: () => fatal.current(),
      onLevels: setHeights,
    }).then((attached) => {
      if (cancelled) return attached.destroy();
      session.current = attached;
      attached.showSubtitles(captionRef.current);
    });
    return () => {
      cancelled = true;
      session.current?.destroy();
      session.current = null;
      setHeights([]);
    };
  }, [videoRef, source.kind, source.url]);

  useEffect(() => {
    preferencesRef.current = preferences;
    session.current?.apply(preferences);
  }, [preferences]);

  useEffect(() => {
    captionRef.current = captionLanguage;
    const video = videoRef.current;
    if (session.current) session.current.showSubtitles(captionLanguage);
    else if (video) selectTextTrack(video, captionLanguage);
  }, [videoRef, captionLanguage]);

  const setCaptionLanguage = (language: string | null) => setCaption({ url: source.url, language });
  return { heights, preferences, setQuality, setDataSaver, captionLanguage, setCaptionLanguage };
}
