// Spec (validation, login): both fields required.
import { z } from 'zod';
import { authMessages } from '../../../i18n/auth';

const t = authMessages.login.required;

export const loginFormSchema = z.object({
  EmailorMobile: z.string().trim().min(1, { error: t.emailOrMobile }),
  password: z.string().min(1, { error: t.password }),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;
