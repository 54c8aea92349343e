import { describe, expect, it } from 'vitest';
import { courseSubject, filterBySubject, subjectsOf } from './subjects';

const named = (courseName: string) => ({ courseName });

describe('course subjects', () => {
  it('reads the subject from the marker or the first word, in Arabic', () => {
    expect(courseSubject(named('coursesubject:chemistry الكيمياء العضوية'))).toBe('كيمياء');
    expect(courseSubject(named('physics الكهربية'))).toBe('فيزياء');
    expect(courseSubject(named('مراجعة'))).toBeNull();
  });

  it('lists each subject once, in Arabic dictionary order', () => {
    const courses = [
      named('coursesubject:physics أ'),
      named('coursesubject:chemistry ب'),
      named('coursesubject:philosophy ج'),
      named('coursesubject:physics د'),
      named('coursesubject:arabic هـ'),
    ];
    expect(subjectsOf(courses)).toEqual(['فلسفة', 'فيزياء', 'كيمياء', 'لغة عربية']);
  });

  it('keeps the courses of the chosen subject, or all of them', () => {
    const courses = [named('coursesubject:physics أ'), named('coursesubject:chemistry ب')];
    expect(filterBySubject(courses, 'كيمياء')).toEqual([courses[1]]);
    expect(filterBySubject(courses, null)).toEqual(courses);
  });
});
