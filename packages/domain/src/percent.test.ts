import { describe, it, expect } from 'vitest';
import { roundedPercent } from './percent';

describe('roundedPercent', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [5, 5, 100],
    [1, 2, 50],
    [1, 8, 13],
    [3, 8, 38],
    [5, 8, 63],
    [7, 8, 88],
    [1, 3, 33],
    [2, 3, 67],
    [1, 6, 17],
    [1, 7, 14],
    [1, 200, 1],
    [1, 201, 0],
    [199, 200, 100],
    [399, 400, 100],
    [1, 40, 3],
    [2_000_000_001, 4_000_000_000, 50],
    [2_000_000_002, 4_000_000_000, 50],
  ])('%i/%i → %i', (part, whole, expected) => {
    expect(roundedPercent(part, whole)).toBe(expected);
  });

  it('satisfies p - 1/2 <= 100·part/whole < p + 1/2 exactly, for every fraction up to 300', () => {
    // Checked with integers only: (2p - 1)·whole <= 200·part < (2p + 1)·whole.
    const wrong: string[] = [];
    for (let whole = 1; whole <= 300; whole++) {
      for (let part = 0; part <= whole; part++) {
        const p = roundedPercent(part, whole);
        if (!((2 * p - 1) * whole <= 200 * part && 200 * part < (2 * p + 1) * whole))
          wrong.push(`${part}/${whole}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    [-1, 3],
    [4, 3],
    [1.5, 3],
    [1, Number.NaN],
    [1, -1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])('rejects %s/%s', (part, whole) => {
    expect(() => roundedPercent(part, whole)).toThrow(RangeError);
  });
});
