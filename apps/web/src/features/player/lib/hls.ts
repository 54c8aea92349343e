// HLS streams: natively where the browser plays them (Safari, iOS), else through hls.js, which is
// loaded only now so it never weighs on the player's first chunk.
export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  onFatal: () => void,
): Promise<() => void> {
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    return () => undefined;
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    onFatal();
    return () => undefined;
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}
