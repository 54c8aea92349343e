// Form fields shared by the auth forms, with the spec's Arabic messages and the domain's rules.
import { MIN_PASSWORD_LENGTH } from '@app/domain';
import { z } from 'zod';
import { authMessages } from '../../../i18n/auth';

const t = authMessages.fields;

/** Required, well-formed email (the server compares it trimmed and case-insensitively). */
export const emailInput = () =>
  z
    .string()
    .trim()
    .min(1, { error: t.required.email })
    .pipe(z.email({ error: t.invalidEmail }));

/** A new password: required, at least MIN_PASSWORD_LENGTH characters. */
export const newPasswordInput = () =>
  z
    .string()
    .min(1, { error: t.required.password })
    .min(MIN_PASSWORD_LENGTH, { error: t.passwordTooShort(MIN_PASSWORD_LENGTH) });

/** Adds 'passwords do not match' on `confirmKey` when both are filled in and differ. */
export function passwordsMatch<T extends Record<string, unknown>>(
  passwordKey: keyof T & string,
  confirmKey: keyof T & string,
) {
  return (values: T, ctx: z.RefinementCtx) => {
    const password = values[passwordKey];
    const confirm = values[confirmKey];
    if (password && confirm && password !== confirm) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: t.passwordsDoNotMatch });
    }
  };
}
