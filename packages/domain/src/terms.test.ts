import { describe, it, expect } from 'vitest';
import type { Term } from './terms';
import { DEFAULT_TERM, TERMS, isTerm, termLabelAr } from './terms';

describe('terms', () => {
  it('are First, Second and Summer, defaulting to First', () => {
    expect(TERMS).toEqual(['First', 'Second', 'Summer']);
    expect(DEFAULT_TERM).toBe('First');
  });

  it.each<[Term, string]>([
    ['First', 'الفصل الدراسي الأول'],
    ['Second', 'الفصل الدراسي الثاني'],
    ['Summer', 'الفصل الصيفي'],
  ])('%s is labelled %s', (term, label) => {
    expect(termLabelAr(term)).toBe(label);
  });

  it.each<[unknown, boolean]>([
    ['First', true],
    ['Second', true],
    ['Summer', true],
    ['first', false],
    ['Third', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isTerm(%j) is %s', (x, expected) => {
    expect(isTerm(x)).toBe(expected);
  });
});
