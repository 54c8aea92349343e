import type { MyUnit } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { filterUnits, isFiltering, NO_FILTERS } from './filter-units';

const unit = (over: Partial<MyUnit>): MyUnit => ({
  unitId: 1,
  unitName: 'الوحدة الأولى',
  unitTitle: 'مقدمة',
  courseName: 'coursesubject:chemistry الكيمياء العضوية',
  grade: 'Secondary3',
  term: 'First',
  active: true,
  enrollmentDate: new Date().toISOString(),
  timeZone: 'Africa/Cairo',
  ...over,
});

const UNITS = [
  unit({ unitId: 1, unitName: 'Atoms and Moles', unitTitle: 'Basics', grade: 'Secondary1', term: 'First' }),
  unit({
    unitId: 2,
    unitName: 'الكهربية',
    unitTitle: 'قانون أوم',
    courseName: 'coursesubject:physics فيزياء ٣',
    grade: 'Secondary3',
    term: 'Second',
  }),
  unit({
    unitId: 3,
    unitName: 'المنطق',
    unitTitle: 'القضايا',
    courseName: 'coursesubject:logic Logic Course',
    grade: 'Secondary2',
    term: 'First',
  }),
];

const ids = (units: MyUnit[]) => units.map((u) => u.unitId);

describe('filterUnits', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterUnits(UNITS, NO_FILTERS))).toEqual([1, 2, 3]);
    expect(isFiltering(NO_FILTERS)).toBe(false);
  });

  it('searches the unit name, the unit title and the course name, ignoring letter case and spaces around', () => {
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: 'atoms' }))).toEqual([1]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: '  BASICS ' }))).toEqual([1]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: 'أوم' }))).toEqual([2]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: 'logic course' }))).toEqual([3]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: 'العضوية' }))).toEqual([1]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, search: 'غير موجود' }))).toEqual([]);
  });

  it('filters by grade, reading the grade forms the server may send', () => {
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, grade: 'Secondary3' }))).toEqual([2]);
    const loose = [unit({ unitId: 9, grade: '2nd Secondary' })];
    expect(ids(filterUnits(loose, { ...NO_FILTERS, grade: 'Secondary2' }))).toEqual([9]);
  });

  it('filters by term', () => {
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, term: 'First' }))).toEqual([1, 3]);
    expect(ids(filterUnits(UNITS, { ...NO_FILTERS, term: 'Second' }))).toEqual([2]);
  });

  it('combines search, grade and term', () => {
    const filters = { search: 'ال', grade: 'Secondary2', term: 'First' } as const;
    expect(isFiltering(filters)).toBe(true);
    expect(ids(filterUnits(UNITS, filters))).toEqual([3]);
  });
});
