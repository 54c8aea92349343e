import { describe, it, expect } from 'vitest';
import { SUBJECTS, compareArabic, splitCourseName, subjectLabelAr } from './course-name';

describe('splitCourseName', () => {
  it.each<[string, string | null, string]>([
    // marker anywhere in the name
    ['coursesubject:chemistry الكيمياء العضوية', 'chemistry', 'الكيمياء العضوية'],
    ['الكيمياء العضوية coursesubject:chemistry', 'chemistry', 'الكيمياء العضوية'],
    ['الكيمياء coursesubject:كيمياء   العضوية', 'كيمياء', 'الكيمياء العضوية'],
    ['CourseSubject:Physics الميكانيكا', 'Physics', 'الميكانيكا'],
    ['coursesubject:physics', 'physics', ''],
    ['coursesubject: فيزياء الميكانيكا', null, 'فيزياء الميكانيكا'],
    // first word as subject
    ['فيزياء الميكانيكا والحرارة', 'فيزياء', 'الميكانيكا والحرارة'],
    ['  كيمياء   الباب الأول ', 'كيمياء', 'الباب الأول'],
    ['physics mechanics', 'physics', 'mechanics'],
    // the marker must start a word
    ['xcoursesubject:physics الميكانيكا', 'xcoursesubject:physics', 'الميكانيكا'],
    // one word or nothing
    ['منطق', null, 'منطق'],
    ['  منطق  ', null, 'منطق'],
    ['', null, ''],
    ['   ', null, ''],
  ])('%j → subject %j, name %j', (name, subject, displayName) => {
    expect(splitCourseName(name)).toEqual({ subject, displayName });
  });
});

describe('subjects', () => {
  it.each([
    ['chemistry', 'كيمياء'],
    ['physics', 'فيزياء'],
    ['science', 'علوم'],
    ['philosophy', 'فلسفة'],
    ['logic', 'منطق'],
    ['psychology', 'علم نفس'],
    ['sociology', 'علم اجتماع'],
    ['arabic', 'لغة عربية'],
    ['Chemistry', 'كيمياء'],
    [' PHYSICS ', 'فيزياء'],
    ['كيمياء', 'كيمياء'],
    ['history', 'history'],
    ['toString', 'toString'],
  ])('%j is shown as %j', (subject, label) => {
    expect(subjectLabelAr(subject)).toBe(label);
  });

  it('names exactly the subjects the spec lists', () => {
    expect(Object.keys(SUBJECTS).sort()).toEqual([
      'arabic',
      'chemistry',
      'logic',
      'philosophy',
      'physics',
      'psychology',
      'science',
      'sociology',
    ]);
  });
});

describe('compareArabic', () => {
  it('sorts the subject chips in Arabic order', () => {
    const chips = ['منطق', 'كيمياء', 'فيزياء', 'علوم', 'فلسفة', 'علم نفس', 'علم اجتماع', 'لغة عربية'];
    expect([...chips].sort(compareArabic)).toEqual([
      'علم اجتماع',
      'علم نفس',
      'علوم',
      'فلسفة',
      'فيزياء',
      'كيمياء',
      'لغة عربية',
      'منطق',
    ]);
  });

  it('orders alef with hamza by the following letters, unlike code-point order', () => {
    // 'إ' (U+0625) sorts before 'ا' (U+0627) by code point, but is the same letter in a dictionary.
    expect(['إسلامية', 'احياء'].sort()).toEqual(['إسلامية', 'احياء']);
    expect(['إسلامية', 'احياء'].sort(compareArabic)).toEqual(['احياء', 'إسلامية']);
  });

  it.each([
    ['فيزياء', 'فيزياء', 0],
    ['أ', 'ب', -1],
    ['ي', 'ب', 1],
  ])('compares %j with %j as %i', (a, b, sign) => {
    expect(Math.sign(compareArabic(a, b))).toBe(sign);
  });
});
