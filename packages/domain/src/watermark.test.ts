import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { WATERMARK_LOOP_MS, WATERMARK_OPACITY, watermarkPosition } from './watermark';

describe('watermark constants', () => {
  it('loops every 20 s and is more opaque in the unit viewer than in the course player', () => {
    expect(WATERMARK_LOOP_MS).toBe(20_000);
    expect(WATERMARK_OPACITY).toEqual({ player: 0.2, viewer: 0.7 });
  });
});

describe('watermarkPosition', () => {
  it.each<[number, number, number]>([
    // corners, 5 s apart
    [0, 5, 5],
    [5_000, 35, 5],
    [10_000, 35, 35],
    [15_000, 5, 35],
    [20_000, 5, 5],
    // halfway along each side
    [2_500, 20, 5],
    [7_500, 35, 20],
    [12_500, 20, 35],
    [17_500, 5, 20],
    // linear: 1 s is a fifth of a side (6 points)
    [1_000, 11, 5],
    [6_000, 35, 11],
    [11_000, 29, 35],
    [16_000, 5, 29],
    // looping
    [25_000, 35, 5],
    [20_000 * 50 + 12_500, 20, 35],
    [-5_000, 5, 35],
    [-2_500, 5, 20],
  ])('at %i ms it is at (%d, %d)', (ms, x, y) => {
    const { xPercent, yPercent } = watermarkPosition(ms);
    expect(xPercent).toBeCloseTo(x, 9);
    expect(yPercent).toBeCloseTo(y, 9);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'starts at (5, 5) for %s',
    (ms) => {
      expect(watermarkPosition(ms)).toEqual({ xPercent: 5, yPercent: 5 });
    },
  );

  it('always stays on the square inside 5-35 %', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (ms) => {
        const { xPercent, yPercent } = watermarkPosition(ms);
        const inside = (v: number) => v >= 5 && v <= 35;
        const onEdge = [xPercent, yPercent].some((v) => v === 5 || v === 35);
        return inside(xPercent) && inside(yPercent) && onEdge;
      }),
    );
  });

  it('moves continuously: 10 ms never moves it more than a tenth of a point', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (ms) => {
        const a = watermarkPosition(ms);
        const b = watermarkPosition(ms + 10);
        return Math.abs(a.xPercent - b.xPercent) + Math.abs(a.yPercent - b.yPercent) <= 0.06 + 1e-9;
      }),
    );
  });
});
