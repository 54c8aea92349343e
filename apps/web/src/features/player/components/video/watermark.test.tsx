import { act, render, screen } from '@testing-library/react';
import { WATERMARK_LOOP_MS } from '@app/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Watermark } from './watermark';

afterEach(() => {
  vi.useRealTimers();
});

const position = (element: HTMLElement) => ({
  x: parseFloat(element.style.getPropertyValue('inset-inline-start')),
  y: parseFloat(element.style.getPropertyValue('top')),
});

describe('Watermark', () => {
  it('stays within 5-35 % of the frame at every instant of the loop, and keeps moving', () => {
    vi.useFakeTimers();
    render(<Watermark text="01012345678" mode="player" />);
    const mark = screen.getByTestId('watermark');
    const seen: { x: number; y: number }[] = [];
    // 1.5 loops in uneven steps, so the samples land all over the square.
    for (let elapsed = 0; elapsed < WATERMARK_LOOP_MS * 1.5; elapsed += 377) {
      act(() => {
        vi.advanceTimersByTime(377);
      });
      const p = position(mark);
      expect(p.x).toBeGreaterThanOrEqual(5);
      expect(p.x).toBeLessThanOrEqual(35);
      expect(p.y).toBeGreaterThanOrEqual(5);
      expect(p.y).toBeLessThanOrEqual(35);
      seen.push(p);
    }
    // It travels the whole square: every side is reached.
    expect(Math.min(...seen.map((p) => p.x))).toBeLessThan(7);
    expect(Math.max(...seen.map((p) => p.x))).toBeGreaterThan(33);
    expect(Math.min(...seen.map((p) => p.y))).toBeLessThan(7);
    expect(Math.max(...seen.map((p) => p.y))).toBeGreaterThan(33);
  });

  it('follows the square path: a quarter loop later it has moved one side along', () => {
    vi.useFakeTimers();
    render(<Watermark text="01012345678" mode="player" />);
    const mark = screen.getByTestId('watermark');
    act(() => {
      vi.advanceTimersByTime(16);
    });
    const start = position(mark);
    expect(start.x).toBeCloseTo(5, 0);
    expect(start.y).toBeCloseTo(5, 0);
    act(() => {
      vi.advanceTimersByTime(WATERMARK_LOOP_MS / 4);
    });
    const corner = position(mark);
    expect(corner.x).toBeCloseTo(35, 0);
    expect(corner.y).toBeCloseTo(5, 0);
  });

  it.each([
    ['player', '0.2'],
    ['viewer', '0.7'],
  ] as const)(
    'is drawn at the %s opacity, hidden from screen readers and from the pointer',
    (mode, opacity) => {
      render(<Watermark text="01012345678" mode={mode} />);
      const mark = screen.getByTestId('watermark');
      expect(mark).toHaveStyle({ opacity });
      expect(mark).toHaveAttribute('aria-hidden', 'true');
      expect(mark).toHaveClass('pointer-events-none');
      expect(mark).toHaveTextContent('01012345678');
    },
  );

  it('stops animating when removed', () => {
    vi.useFakeTimers();
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    const { unmount } = render(<Watermark text="01012345678" mode="viewer" />);
    unmount();
    expect(cancel).toHaveBeenCalled();
  });
});
