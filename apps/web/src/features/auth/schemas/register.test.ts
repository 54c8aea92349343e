import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../i18n/auth';
import { EMPTY_REGISTER_FORM, registerFormSchema } from './register';

const valid = {
  ...EMPTY_REGISTER_FORM,
  email: 'student@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
  phone: '01012345678',
  parentPhone: '01111111111',
  country: 'egypt',
  grade: 'Secondary3',
  isOnline: 'true',
};
const nameErrors = (name: string) =>
  registerFormSchema.safeParse({ ...valid, name }).error?.issues.filter((i) => i.path[0] === 'name') ?? [];

describe('the registration form name', () => {
  it('takes Arabic with harakat and shadda', () => {
    expect(nameErrors('مُحَمَّدٌ عَلِيّ')).toEqual([]);
  });

  it('refuses a letter under a pile of combining marks, in Arabic', () => {
    expect(nameErrors(`a${'\u0301'.repeat(50)}`).map((i) => i.message)).toContain(
      authMessages.register.errors.nameMarks,
    );
  });
});
