import { CourseInput } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../../i18n/admin';
import { issueText } from './contract-resolver';

const v = adminMessages.validation;
const course = { name: 'كيمياء', price: 0, term: 'First', grade: 'Secondary3' };

/** The Arabic message the admin form shows for the course's first issue. */
function shown(input: Record<string, unknown>): string {
  const result = CourseInput.safeParse({ ...course, ...input });
  if (result.success) throw new Error('accepted');
  return issueText(result.error.issues[0]!, { name: 'اسم الكورس' });
}

describe('the name-and-title rule on the admin forms', () => {
  it('says each problem in Arabic, naming the field', () => {
    expect(shown({ name: '\u202eكيمياء' })).toBe(v.text.invisible('اسم الكورس'));
    expect(shown({ name: `ك${'\u064e'.repeat(6)}` })).toBe(v.text.marks('اسم الكورس'));
    expect(shown({ name: 'كيمياء\nالصف' })).toBe(v.text.control('اسم الكورس'));
  });

  it('takes Arabic with its harakat and Quranic marks', () => {
    expect(CourseInput.safeParse({ ...course, name: 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ' }).success).toBe(true);
  });
});
