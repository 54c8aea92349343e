// The lesson's video URL decides the player: the media delivery host's embedded player, YouTube's
// privacy-enhanced embed, an HLS stream, or a plain file (MP4, WebM) in our own player.
export type VideoSource =
  | { kind: 'media-host'; embedUrl: string; pageUrl: string; origin: string }
  | { kind: 'youtube'; videoId: string; embedUrl: string; origin: string }
  | { kind: 'hls'; url: string }
  | { kind: 'file'; url: string };

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
const YOUTUBE_ID = /^[\w-]{11}$/;

function isMediaHost(host: string): boolean {
  return host.includes('mediadelivery') || host.startsWith('video.bunnycdn') || host.includes('.bunnycdn.');
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** `pageOrigin` is this app's origin, for YouTube's message target and relative video paths. */
export function classifyVideoUrl(raw: string, pageOrigin: string): VideoSource {
  let url: URL;
  try {
    url = new URL(raw.trim(), pageOrigin);
  } catch {
    return { kind: 'file', url: raw };
  }
  const id = youtubeId(url);
  if (id) {
    const params = new URLSearchParams({ enablejsapi: '1', rel: '0', playsinline: '1', origin: pageOrigin });
    return {
      kind: 'youtube',
      videoId: id,
      embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?${params.toString()}`,
      origin: YOUTUBE_EMBED_ORIGIN,
    };
  }
  // A playlist is a stream whatever its host: it needs a video element, not an embed page.
  if (/\.m3u8$/i.test(url.pathname)) return { kind: 'hls', url: url.href };
  if (isMediaHost(url.hostname)) {
    const embed = new URL(url.href);
    embed.pathname = embed.pathname.replace(/^\/play\//, '/embed/');
    return { kind: 'media-host', embedUrl: embed.href, pageUrl: url.href, origin: embed.origin };
  }
  return { kind: 'file', url: url.origin === pageOrigin ? `${url.pathname}${url.search}` : url.href };
}
