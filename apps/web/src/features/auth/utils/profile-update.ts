// Spec (validation, profile): only changed fields (name, grade, password) are sent; none changed gives
// 'No changes were made'; a new password must match its confirmation and be at least 6 characters.
import type { ProfileUpdateRequest } from '@app/contract';
import { MIN_PASSWORD_LENGTH } from '@app/domain';
import { authMessages } from '../../../i18n/auth';

const t = authMessages.profile;

export type ProfileFormValues = {
  name: string;
  grade: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export type ProfileFieldErrors = Partial<Record<keyof ProfileFormValues, string>>;

export type ProfileUpdatePlan =
  | { ok: true; update: ProfileUpdateRequest }
  | { ok: false; fieldErrors: ProfileFieldErrors; formError?: string };

export function planProfileUpdate(
  values: ProfileFormValues,
  initial: { name: string; grade: string },
): ProfileUpdatePlan {
  const fieldErrors: ProfileFieldErrors = {};
  const name = values.name.trim();
  if (!name) fieldErrors.name = t.nameRequired;
  const changingPassword = values.newPassword !== '' || values.confirmPassword !== '';
  if (changingPassword) {
    if (values.newPassword.length < MIN_PASSWORD_LENGTH)
      fieldErrors.newPassword = t.passwordTooShort(MIN_PASSWORD_LENGTH);
    if (values.newPassword !== values.confirmPassword) fieldErrors.confirmPassword = t.passwordsDoNotMatch;
    if (!values.currentPassword) fieldErrors.currentPassword = t.currentPasswordRequired;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const update: ProfileUpdateRequest = {};
  if (name !== initial.name) update.name = name;
  if (values.grade !== initial.grade) update.grade = values.grade;
  if (changingPassword) {
    update.currentPassword = values.currentPassword;
    update.newPassword = values.newPassword;
    update.confirmPassword = values.confirmPassword;
  }
  if (Object.keys(update).length === 0) return { ok: false, fieldErrors: {}, formError: t.noChanges };
  return { ok: true, update };
}
