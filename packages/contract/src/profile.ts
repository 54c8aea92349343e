import { z } from 'zod';
import { gradeField, MESSAGES, newPasswordField, personName } from './auth';
import { envelope } from './common';
import { User } from './user';

export const Profile = User.extend({ grade: z.string() });
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = envelope(Profile);

/** Only the changed fields are sent; a password change needs the current password. */
export const ProfileUpdateRequest = z
  .strictObject({
    name: personName('name').optional(),
    grade: gradeField('grade').optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: newPasswordField('newPassword').optional(),
    confirmPassword: z.string().max(128).optional(),
  })
  .refine((body) => body.newPassword === undefined || body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordsDoNotMatch,
  });
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

export const ProfileUpdateResponse = envelope(User);
