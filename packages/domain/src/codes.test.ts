import { describe, it, expect } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_ENTROPY_BITS,
  CODE_LENGTH,
  generateCode,
  isWellFormedCode,
  normalizeCode,
} from './codes';

// A seeded, deterministic byte source (mulberry32) standing in for the CSPRNG.
function seededBytes(seed: number): (n: number) => Uint8Array {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (n) => Uint8Array.from({ length: n }, () => next() & 0xff);
}

// Returns the given bytes in order, as many as asked for each call.
function scriptedBytes(bytes: number[]): (n: number) => Uint8Array {
  let i = 0;
  return (n) => {
    const out = Uint8Array.from(bytes.slice(i, i + n));
    i += n;
    return out;
  };
}

describe('code constants', () => {
  it('has an unambiguous 31-symbol alphabet without 0, O, 1, I or L', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
  });

  it('gives at least 40 bits of entropy', () => {
    expect(CODE_LENGTH).toBe(10);
    expect(CODE_ENTROPY_BITS).toBeGreaterThanOrEqual(40);
    expect(CODE_ENTROPY_BITS).toBeCloseTo(49.54, 2);
  });
});

describe('generateCode', () => {
  it('prints XXXXX-XXXXX from the alphabet, and is well formed', () => {
    const random = seededBytes(1);
    for (let i = 0; i < 200; i++) {
      const code = generateCode(random);
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
      expect(isWellFormedCode(code)).toBe(true);
    }
  });

  it('maps byte b below 248 to symbol b mod 31', () => {
    expect(generateCode(scriptedBytes([0, 1, 30, 31, 62, 247, 100, 200, 5, 9]))).toBe('23Z22-Z9G7B');
  });

  it('rejects bytes 248-255 instead of folding them onto the first symbols', () => {
    const bytes = [248, 0, 255, 1, 2, 252, 3, 4, 5, 6, 7, 8, 249, 9];
    expect(generateCode(scriptedBytes(bytes))).toBe('23456-789AB');
  });

  it('is exactly uniform over full cycles of byte values: each symbol 8 times per 256 bytes', () => {
    // 5 cycles of 0..255 hold 5 × 248 = 1,240 accepted bytes = 124 codes. Without rejection the
    // first 8 symbols would come up 45 times and the others 40.
    const cycle = Array.from({ length: 256 }, (_, b) => b);
    const random = scriptedBytes(Array.from({ length: 5 }, () => cycle).flat());
    const counts = new Map<string, number>();
    for (let i = 0; i < 124; i++) {
      for (const symbol of normalizeCode(generateCode(random)))
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts).toEqual(new Map([...CODE_ALPHABET].map((c) => [c, 40])));
  });

  it('passes a chi-square test over many seeded draws', () => {
    const random = seededBytes(20240310);
    const counts = new Map<string, number>([...CODE_ALPHABET].map((c) => [c, 0]));
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      for (const symbol of normalizeCode(generateCode(random)))
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    const expected = (draws * CODE_LENGTH) / CODE_ALPHABET.length;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 30 degrees of freedom: the 0.1 % critical value is 59.7. Modulo bias (keeping bytes ≥ 248)
    // would give about 560 here.
    expect(chiSquare).toBeLessThan(59.7);
  });

  it('throws when the source returns too few bytes', () => {
    expect(() => generateCode(() => new Uint8Array(0))).toThrow();
  });

  it('throws instead of looping forever on a source that only yields rejected bytes', () => {
    expect(() => generateCode((n) => new Uint8Array(n).fill(255))).toThrow();
  });
});

describe('normalizeCode', () => {
  it.each([
    ['ABCDE-23456', 'ABCDE23456'],
    ['  abcde-23456  ', 'ABCDE23456'],
    ['abcde 23456', 'ABCDE23456'],
    ['ab-cd-e2 34 56', 'ABCDE23456'],
    ['ABCDE–23456', 'ABCDE23456'],
    ['abcde\t23456\n', 'ABCDE23456'],
    ['ABCDE-٢٣٤٥٦', 'ABCDE23456'],
    ['ABCDE-۲۳۴۵۶', 'ABCDE23456'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });
});

describe('isWellFormedCode', () => {
  it.each<[string, boolean]>([
    ['ABCDE-23456', true],
    ['abcde23456', true],
    [' xyz98-mnpqr ', true],
    ['٢٣٤٥٦-٧٨٩AB', true],
    ['ABCDE-2345', false],
    ['ABCDE-234567', false],
    ['ABCDO-23456', false],
    ['ABCDE-23450', false],
    ['ABCDI-23456', false],
    ['ABCDL-23456', false],
    ['ABCD1-23456', false],
    ['ABCDE_23456', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isWellFormedCode(input)).toBe(expected);
  });
});
