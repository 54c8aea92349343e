// Auth calls of API.md: field names exactly as the spec spells them (UserName, EmailorMobile, ...).
import { z } from 'zod';
import {
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  normalizeGrade,
  normalizePhone,
  TEXT_LIMITS,
} from '@app/domain';
import { envelope, requiredText } from './common';
import { humanText } from './text';
import { User } from './user';

export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
} as const;

// Names are letters of any script with spaces, dots, apostrophes and hyphens: markup and SQL
// punctuation have no place in a person's name.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

export const personName = (field: string) =>
  requiredText(field, TEXT_LIMITS.personName)
    .trim()
    .min(2, { error: `${field} must be at least 2 characters` })
    .regex(NAME_PATTERN, { error: `${field} may contain letters, spaces, dots and hyphens only` })
    .superRefine(humanText(field));

export const emailField = (field: string) =>
  requiredText(field, TEXT_LIMITS.email)
    .transform(normalizeEmail)
    .pipe(z.email({ error: `${field} must be a valid email address` }));

export const phoneField = (field: string) =>
  requiredText(field, TEXT_LIMITS.phone).transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid phone number` });
      return z.NEVER;
    }
    return phone;
  });

export const gradeField = (field: string) =>
  requiredText(field, 40).transform((value, ctx) => {
    const grade = normalizeGrade(value);
    if (grade === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a known grade` });
      return z.NEVER;
    }
    return grade;
  });

export const newPasswordField = (field: string) =>
  requiredText(field, TEXT_LIMITS.password).min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort });

const booleanText = (field: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])], {
      error: `${field} must be "true" or "false"`,
    })
    .transform((value) => value === true || value === 'true' || value === 'True');

export const RegisterRequest = z
  .strictObject({
    UserName: personName('UserName'),
    Password: newPasswordField('Password'),
    ConfirmPassword: requiredText('ConfirmPassword', TEXT_LIMITS.password),
    Email: emailField('Email'),
    PhoneNumber: phoneField('PhoneNumber'),
    ParentPhone: phoneField('ParentPhone'),
    AcademicYear: gradeField('AcademicYear'),
    // Optional (API.md, Existing clients): a client of the spec's family sends seven fields, and an
    // account without it is a centre student, as on the old backend.
    IsOnline: booleanText('IsOnline').default(false),
  })
  .refine((body) => body.Password === body.ConfirmPassword, {
    path: ['ConfirmPassword'],
    error: MESSAGES.passwordsDoNotMatch,
  });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResult = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  requiresEmailConfirmation: z.boolean(),
});
export const RegisterResponse = envelope(RegisterResult);

export const LoginRequest = z.strictObject({
  EmailorMobile: requiredText('EmailorMobile', TEXT_LIMITS.email)
    .trim()
    .min(1, { error: 'EmailorMobile is required' }),
  password: requiredText('password', TEXT_LIMITS.password).min(1, { error: 'password is required' }),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResult = z.object({ user: User, token: z.string() });
/** What our own app reads: the envelope. */
export const LoginEnvelope = envelope(LoginResult);
/** What the server sends: the envelope plus the same `user` and `token` at the top level, where
 * clients of the spec's family read them (API.md, Existing clients). */
export const LoginResponse = LoginEnvelope.extend(LoginResult.shape);

export const RefreshResponse = envelope(z.object({ token: z.string() }));

export const ForgotPasswordQuery = z.strictObject({ email: emailField('email') });

export const ResetPasswordRequest = z
  .strictObject({
    email: emailField('email'),
    otp: requiredText('otp', 16).trim().min(1, { error: 'otp is required' }),
    newPassword: newPasswordField('newPassword'),
    confirmPassword: requiredText('confirmPassword', TEXT_LIMITS.password),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordsDoNotMatch,
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const ConfirmEmailQuery = z.object({ token: z.string().max(2048).optional() });

/** Device identifiers are created by the browser once ("a timestamp plus a random string"). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A device of the account, as the locked-out student sees it (POST /api/Auth/devices, issue 15):
 * browser and OS from its User-Agent (null when it sent none we know), when it last signed in or
 * renewed its session, and whether it is the calling browser. Never an address or a place.
 */
export const OwnDevice = z.object({
  /** Opaque: names the device in POST /api/Auth/devices/{id}/sign-out, nothing else. */
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type OwnDevice = z.infer<typeof OwnDevice>;

/** `nextSignOutAt`: when the account may sign a device out again; null when it may now. */
export const OwnDevicesResponse = envelope(
  z.object({ devices: z.array(OwnDevice), nextSignOutAt: z.string().nullable() }),
);

export const OWN_DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const OwnDeviceParams = z.strictObject({
  id: z.string().regex(OWN_DEVICE_ID_PATTERN, { error: 'id must be a device id from the list' }),
});

export const DeviceSignOutResponse = envelope(z.object({ nextSignOutAt: z.string() }));
