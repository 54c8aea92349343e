// The student's phone number drifting round a square inside 5-35 % of the video frame (the domain's
// watermarkPosition over WATERMARK_LOOP_MS), so a screen recording names who made it. It is moved
// frame by frame through its style, without re-rendering React.
import { WATERMARK_OPACITY, watermarkPosition } from '@app/domain';
import { useEffect, useRef } from 'react';

export type WatermarkMode = keyof typeof WATERMARK_OPACITY;

function place(element: HTMLElement, elapsedMs: number) {
  const { xPercent, yPercent } = watermarkPosition(elapsedMs);
  element.style.setProperty('inset-inline-start', `${xPercent}%`);
  element.style.setProperty('top', `${yPercent}%`);
}

export function Watermark({ text, mode }: { text: string; mode: WatermarkMode }) {
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    let start: number | null = null;
    place(element, 0);
    const step = (time: number) => {
      start ??= time;
      place(element, time - start);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <span
      ref={ref}
      aria-hidden="true"
      data-testid="watermark"
      dir="ltr"
      className="pointer-events-none absolute z-20 select-none whitespace-nowrap text-sm font-bold text-white [text-shadow:0_0_3px_rgb(0_0_0/0.9)] md:text-lg"
      style={{ opacity: WATERMARK_OPACITY[mode] }}
    >
      {text}
    </span>
  );
}
