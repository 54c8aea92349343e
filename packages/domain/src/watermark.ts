/** One trip round the square takes 20 s. */
export const WATERMARK_LOOP_MS = 20_000;
/** The unit viewer's watermark is more opaque than the course player's. */
export const WATERMARK_OPACITY = { player: 0.2, viewer: 0.7 } as const;

const MIN = 5;
const MAX = 35;
const SIDE_MS = WATERMARK_LOOP_MS / 4;

/**
 * Where the watermark (in percent of the frame) is after `elapsedMs`: round the square
 * (5,5) → (35,5) → (35,35) → (5,35) → (5,5), 5 s per side, at constant speed, repeating. Kept within
 * 5-35 % so the phone number never leaves the frame. Negative times run the loop backwards in time.
 */
export function watermarkPosition(elapsedMs: number): { xPercent: number; yPercent: number } {
  if (!Number.isFinite(elapsedMs)) return { xPercent: MIN, yPercent: MIN };
  const t = ((elapsedMs % WATERMARK_LOOP_MS) + WATERMARK_LOOP_MS) % WATERMARK_LOOP_MS;
  const side = Math.floor(t / SIDE_MS);
  const travelled = ((MAX - MIN) * (t - side * SIDE_MS)) / SIDE_MS;
  switch (side) {
    case 0:
      return { xPercent: MIN + travelled, yPercent: MIN };
    case 1:
      return { xPercent: MAX, yPercent: MIN + travelled };
    case 2:
      return { xPercent: MAX - travelled, yPercent: MAX };
    default:
      return { xPercent: MIN, yPercent: MAX - travelled };
  }
}
