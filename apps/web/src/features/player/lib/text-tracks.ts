// Shows one subtitle track of a video element (by language) and hides the others: the `<track>`
// elements of an MP4 lesson, or the tracks the browser's own HLS playback makes from the playlist.
export function selectTextTrack(video: HTMLVideoElement, language: string | null): void {
  const tracks = video.textTracks as TextTrackList | undefined;
  if (!tracks) return;
  for (let index = 0; index < tracks.length; index += 1) {
    const track = tracks[index];
    if (!track || (track.kind !== 'subtitles' && track.kind !== 'captions')) continue;
    track.mode = language !== null && track.language === language ? 'showing' : 'disabled';
  }
}
