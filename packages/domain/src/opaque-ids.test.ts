import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opaqueIds } from './opaque-ids';

/** A derivation with a good spread, standing in for the server's keyed hash. */
const spread = (id: number, round: number) => Math.imul(id ^ (round * 0x9e3779b9), 0x85ebca6b) >>> 1 || 1;

describe('opaqueIds', () => {
  it('maps every stored id to its shown id and back, and nothing else', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 50 }), (ids) => {
        const mapping = opaqueIds(ids, spread);
        for (const id of ids) expect(mapping.stored(mapping.shown(id)!)).toBe(id);
        expect(new Set(ids.map((id) => mapping.shown(id))).size).toBe(ids.length);
        expect(mapping.shown(0)).toBeUndefined();
      }),
    );
  });

  it('uses round 0 when it has no collision', () => {
    const mapping = opaqueIds([11, 12, 13], (id, round) => id * 100 + round);
    expect([11, 12, 13].map((id) => mapping.shown(id))).toEqual([1100, 1200, 1300]);
    expect(mapping.stored(1100)).toBe(11);
    expect(mapping.stored(1101)).toBeUndefined();
  });

  it('derives the whole set again when two ids collide, so no shown id stands for two answers', () => {
    // Round 0 gives 12 and 13 the same shown id; round 1 separates them.
    const derive = (id: number, round: number) => (round === 0 ? (id === 11 ? 500 : 777) : id * 10 + round);
    const mapping = opaqueIds([11, 12, 13], derive);
    expect([11, 12, 13].map((id) => mapping.shown(id))).toEqual([111, 121, 131]);
    expect(mapping.stored(777)).toBeUndefined();
    expect(mapping.stored(121)).toBe(12);
    expect(mapping.stored(131)).toBe(13);
  });

  it('skips a round that yields a non-positive or unsafe id', () => {
    const derive = (id: number, round: number) => [0, -id, 2 ** 53, id][round]!;
    const mapping = opaqueIds([5, 6], derive);
    expect([mapping.shown(5), mapping.shown(6)]).toEqual([5, 6]);
  });

  it('throws rather than guess when no round separates the ids', () => {
    expect(() => opaqueIds([1, 2], () => 9)).toThrow(/no collision-free ids/);
  });
});
