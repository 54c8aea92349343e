// Spec (validation, registration), Arabic messages. The name and phone rules are the server's
// (packages/contract), checked here first so the student sees them before sending.
import { gradesOf, humanTextProblem, isCountry, isGrade, normalizePhone } from '@app/domain';
import type { RegisterRequest } from '@app/contract';
import { z } from 'zod';
import { authMessages } from '../../../i18n/auth';
import { emailInput, newPasswordInput, passwordsMatch } from './fields';

const t = authMessages.register.errors;

// Same rule as the contract's personName: letters of any script, spaces, dots, apostrophes, hyphens.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

const phoneInput = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, { error: requiredMessage })
    .refine((value) => normalizePhone(value) !== null, { error: t.phoneInvalid });

export const registerFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: t.nameRequired })
      .min(2, { error: t.nameTooShort })
      .regex(NAME_PATTERN, { error: t.nameLetters })
      .refine((value) => humanTextProblem(value) === null, { error: t.nameMarks }),
    email: emailInput(),
    password: newPasswordInput(),
    confirmPassword: z.string().min(1, { error: t.confirmRequired }),
    phone: phoneInput(t.phoneRequired),
    parentPhone: phoneInput(t.parentPhoneRequired),
    country: z.string().refine(isCountry, { error: t.countryRequired }),
    grade: z.string().optional(),
    isOnline: z
      .string()
      .refine((value) => value === 'true' || value === 'false', { error: t.studentTypeRequired }),
  })
  .superRefine(passwordsMatch('password', 'confirmPassword'))
  .superRefine((values, ctx) => {
    const country = values.country;
    const grade = values.grade;
    if (!isCountry(country) || !isGrade(grade) || !gradesOf(country).includes(grade)) {
      ctx.addIssue({ code: 'custom', path: ['grade'], message: t.gradeRequired });
    }
  });

export type RegisterFormValues = z.input<typeof registerFormSchema>;

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  parentPhone: '',
  country: '',
  grade: '',
  isOnline: '',
};

/** The multipart payload of POST /api/Auth/register (the country is not sent). */
export function toRegisterRequest(values: RegisterFormValues): RegisterRequest {
  return {
    UserName: values.name.trim(),
    Email: values.email.trim(),
    Password: values.password,
    ConfirmPassword: values.confirmPassword,
    PhoneNumber: normalizePhone(values.phone) ?? values.phone.trim(),
    ParentPhone: normalizePhone(values.parentPhone) ?? values.parentPhone.trim(),
    AcademicYear: values.grade ?? '',
    IsOnline: values.isOnline === 'true' ? 'true' : 'false',
  };
}

/** The server's field names (API.md) → the form's. */
export const SERVER_FIELDS: Record<string, keyof RegisterFormValues> = {
  UserName: 'name',
  Email: 'email',
  Password: 'password',
  ConfirmPassword: 'confirmPassword',
  PhoneNumber: 'phone',
  ParentPhone: 'parentPhone',
  AcademicYear: 'grade',
  IsOnline: 'isOnline',
};
