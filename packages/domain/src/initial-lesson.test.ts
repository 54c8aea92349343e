import { describe, it, expect } from 'vitest';
import type { LessonProgress } from './lesson-locking';
import type { LessonPosition, PlayerUnit, SelectionProblem } from './initial-lesson';
import { chooseInitialLesson, isSelectable, parseIndexParam, selectionProblem } from './initial-lesson';

const V = (isCompleted = false): LessonProgress => ({ type: 'Video', isCompleted, isQuizSubmitted: false });
const Q = (isQuizSubmitted = false): LessonProgress => ({
  type: 'Quiz',
  isCompleted: false,
  isQuizSubmitted,
});
const open = (...lessons: LessonProgress[]): PlayerUnit => ({ accessible: true, lessons });
const closed = (...lessons: LessonProgress[]): PlayerUnit => ({ accessible: false, lessons });
const at = (unitIndex: number, lessonIndex: number): LessonPosition => ({ unitIndex, lessonIndex });

describe('parseIndexParam', () => {
  it.each<[string | null | undefined, number | null]>([
    ['0', 0],
    ['3', 3],
    ['12', 12],
    ['007', 7],
    ['-1', null],
    ['+1', null],
    [' 1', null],
    ['1 ', null],
    ['1.0', null],
    ['1e2', null],
    ['0x1', null],
    ['١', null],
    ['abc', null],
    ['', null],
    ['99999999999999999999', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (raw, expected) => {
    expect(parseIndexParam(raw)).toBe(expected);
  });
});

describe('selectionProblem / isSelectable', () => {
  const units = [open(V(), Q(), V()), closed(V()), open()];
  it.each<[string, LessonPosition, SelectionProblem | null]>([
    ['a lesson before the quiz', at(0, 0), null],
    ['the unsubmitted quiz itself', at(0, 1), null],
    ['a lesson after the unsubmitted quiz', at(0, 2), 'previous-quiz'],
    ['a lesson of a closed unit', at(1, 0), 'unit-unavailable'],
    ['a lesson index past the unit', at(0, 3), 'out-of-range'],
    ['a unit index past the course', at(3, 0), 'out-of-range'],
    ['a unit without lessons', at(2, 0), 'out-of-range'],
    ['a negative unit index', at(-1, 0), 'out-of-range'],
    ['a negative lesson index', at(0, -1), 'out-of-range'],
    ['a fractional index', at(0, 0.5), 'out-of-range'],
  ])('%s → %j', (_name, pos, expected) => {
    expect(selectionProblem(units, pos)).toBe(expected);
    expect(isSelectable(units, pos)).toBe(expected === null);
  });

  it('reports the closed unit before the unsubmitted quiz', () => {
    expect(selectionProblem([closed(Q(), V())], at(0, 1))).toBe('unit-unavailable');
  });
});

describe('chooseInitialLesson', () => {
  it.each<[string, PlayerUnit[], { unit?: string | null; lesson?: string | null }, LessonPosition]>([
    // 1. valid query parameters win
    ['valid parameters', [open(V(), V()), open(V(), V())], { unit: '1', lesson: '1' }, at(1, 1)],
    ['parameters pointing at a done lesson', [open(V(true), V())], { unit: '0', lesson: '0' }, at(0, 0)],
    [
      'parameters pointing at the unsubmitted quiz',
      [open(V(), Q(), V())],
      { unit: '0', lesson: '1' },
      at(0, 1),
    ],
    // invalid parameters are ignored, falling back to progress
    ['lesson out of range', [open(V(true), V())], { unit: '0', lesson: '2' }, at(0, 1)],
    ['unit out of range', [open(V(true), V())], { unit: '1', lesson: '0' }, at(0, 1)],
    ['only the unit given', [open(V(true), V()), open(V())], { unit: '1' }, at(0, 1)],
    ['only the lesson given', [open(V(true), V(), V())], { lesson: '2' }, at(0, 1)],
    ['not numbers', [open(V(true), V(), V())], { unit: 'a', lesson: '2' }, at(0, 1)],
    ['negative', [open(V(true), V(), V())], { unit: '-0', lesson: '2' }, at(0, 1)],
    ['a closed unit', [open(V(true), V()), closed(V())], { unit: '1', lesson: '0' }, at(0, 1)],
    ['a lesson behind an unsubmitted quiz', [open(V(true), Q(), V())], { unit: '0', lesson: '2' }, at(0, 1)],
    ['null parameters', [open(V(true), V())], { unit: null, lesson: null }, at(0, 1)],
    // 2. the first unlocked lesson after the last done one
    ['resumes after the last done lesson', [open(V(true), V(true), V(), V())], {}, at(0, 2)],
    ['resumes in the next unit', [open(V(true), V(true)), open(V(), V())], {}, at(1, 0)],
    ['last done, not first undone', [open(V(), V(true), V())], {}, at(0, 2)],
    ['a submitted quiz counts as done', [open(V(true), Q(true), V())], {}, at(0, 2)],
    ['an unsubmitted quiz right after is not locked', [open(V(true), Q(), V())], {}, at(0, 1)],
    [
      'skips lessons locked behind an earlier unsubmitted quiz',
      [open(Q(), V(true), V()), open(V())],
      {},
      at(1, 0),
    ],
    ['skips closed units when resuming', [open(V(true)), closed(V()), open(V())], {}, at(2, 0)],
    ['ignores progress in closed units', [open(V(), V()), closed(V(true), V())], {}, at(0, 0)],
    // 3. else the first lesson neither done nor locked
    ['nothing done yet', [open(V(), V())], {}, at(0, 0)],
    ['nothing done, first unit closed', [closed(V()), open(V(), V())], {}, at(1, 0)],
    ['last done is the final lesson', [open(V(), V(true))], {}, at(0, 0)],
    ['the only undone lessons are after it but locked', [open(V(), Q(), V(true), V())], {}, at(0, 0)],
    ['skips an empty accessible unit', [open(), open(V())], {}, at(1, 0)],
    // 4. else the course's first lesson
    ['everything done', [open(V(true), Q(true)), open(V(true))], {}, at(0, 0)],
    ['no accessible unit', [closed(V()), closed(V())], {}, at(0, 0)],
    ['no units', [], {}, at(0, 0)],
    ['no units, parameters given', [], { unit: '0', lesson: '0' }, at(0, 0)],
    ['units without lessons', [open(), open()], {}, at(0, 0)],
  ])('%s', (_name, units, params, expected) => {
    expect(chooseInitialLesson(units, params)).toEqual(expected);
  });

  it('only ever chooses a selectable lesson when one exists', () => {
    const courses: PlayerUnit[][] = [
      [open(Q(), V(true), V()), closed(V()), open(V(true), Q(), V())],
      [closed(V(true)), open(Q(true), Q(), V(true))],
      [open(V(true), V(true)), open(Q(), Q())],
    ];
    for (const units of courses) {
      expect(isSelectable(units, chooseInitialLesson(units, {}))).toBe(true);
    }
  });
});
