import { describe, it, expect } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, clampPageSize, pageButtons, pageCount } from './paging';

describe('page sizes', () => {
  it('default to 10 and stop at 100', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(MAX_PAGE_SIZE).toBe(100);
  });

  it.each([
    [10, 10],
    [1, 1],
    [100, 100],
    [101, 100],
    [10_000, 100],
    [0, 1],
    [-5, 1],
    [9.7, 9],
    [Number.NaN, 10],
  ])('clampPageSize(%s) → %i', (size, expected) => {
    expect(clampPageSize(size)).toBe(expected);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [20, 10, 2],
    [21, 10, 3],
    [5, 1, 5],
  ])('%i items at %i per page → %i pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });

  it.each([
    [10, 0],
    [10, -1],
    [10, 2.5],
    [-1, 10],
    [1.5, 10],
  ])('rejects total %s with size %s', (total, size) => {
    expect(() => pageCount(total, size)).toThrow(RangeError);
  });
});

describe('pageButtons', () => {
  it.each<[number, number, number[]]>([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [7, 10, [5, 6, 7, 8, 9]],
    [8, 10, [6, 7, 8, 9, 10]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    // a current page outside the range is clamped
    [0, 10, [1, 2, 3, 4, 5]],
    [-3, 10, [1, 2, 3, 4, 5]],
    [15, 10, [6, 7, 8, 9, 10]],
  ])('page %i of %i → %j', (current, totalPages, expected) => {
    expect(pageButtons(current, totalPages)).toEqual(expected);
  });

  it.each<[number, number, number, number[]]>([
    [5, 10, 3, [4, 5, 6]],
    [5, 10, 4, [4, 5, 6, 7]],
    [5, 10, 1, [5]],
    [5, 10, 0, []],
  ])('page %i of %i with at most %i buttons → %j', (current, totalPages, max, expected) => {
    expect(pageButtons(current, totalPages, max)).toEqual(expected);
  });

  it('always shows at most 5 consecutive pages including the current one', () => {
    for (let totalPages = 1; totalPages <= 12; totalPages++) {
      for (let current = 1; current <= totalPages; current++) {
        const buttons = pageButtons(current, totalPages);
        expect(buttons).toHaveLength(Math.min(5, totalPages));
        expect(buttons).toContain(current);
        expect(
          buttons.every((p, i) => p >= 1 && p <= totalPages && (i === 0 || p === (buttons[i - 1] ?? 0) + 1)),
        ).toBe(true);
      }
    }
  });
});
