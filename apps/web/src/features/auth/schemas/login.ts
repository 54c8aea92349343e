// Spec (validation, login): both fields required.
import { z } from 'zod';
import { messages } from '../../../i18n/messages';

const t = messages.login.required;

export const loginFormSchema = z.object({
  EmailorMobile: z.string().trim().min(1, { error: t.emailOrMobile }),
  password: z.string().min(1, { error: t.password }),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;
