// Spec (validation, password reset): email required; new and confirm match; at least 6 characters.
import { toAsciiDigits } from '@app/domain';
import { z } from 'zod';
import { authMessages } from '../../../i18n/auth';
import { emailInput, newPasswordInput, passwordsMatch } from './fields';

const t = authMessages.forgotPassword;

export const requestCodeSchema = z.object({ email: emailInput() });
export type RequestCodeValues = z.input<typeof requestCodeSchema>;

export const resetPasswordSchema = z
  .object({
    email: emailInput(),
    // The code arrives as 6 digits; Arabic-Indic digits typed on an Arabic keyboard are accepted.
    otp: z
      .string()
      .trim()
      .min(1, { error: t.codeRequired })
      .transform((value) => toAsciiDigits(value))
      .pipe(z.string().regex(/^\d{6}$/, { error: t.codeInvalid })),
    newPassword: newPasswordInput(),
    confirmPassword: z.string().min(1, { error: t.confirmRequired }),
  })
  .superRefine(passwordsMatch('newPassword', 'confirmPassword'));
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
export type ResetPasswordOutput = z.output<typeof resetPasswordSchema>;
