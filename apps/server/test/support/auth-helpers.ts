// Small helpers shared by the auth, profile and hostile-input suites.
import type { TestApi } from './test-api';

export const REGISTER = '/api/Auth/register';
export const LOGIN = '/api/Auth/login';
export const LOGOUT = '/api/Auth/logout';
export const REFRESH = '/api/Auth/refresh-token';
export const PROFILE = '/api/Student/profile';

export const INVALID_CREDENTIALS = 'Invalid email/mobile or password.';
export const DEVICE_LIMIT = "You can't log in from more than two devices.";
export const CONFIRM_FIRST = 'Please confirm your email before logging in.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

/** The envelope of a refused call without field errors. */
export const failure = (message: string) => ({ success: false, message, data: null });

/** Rows in the users table, all tenants (PostgreSQL returns count(*) as a string). */
export async function countUsers(api: TestApi): Promise<number> {
  const row = await api.db.selectFrom('users').select(api.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Live and expired device-session rows of one account. */
export async function countSessions(api: TestApi, userId: number): Promise<number> {
  const row = await api.db
    .selectFrom('device_sessions')
    .select(api.db.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new tenant with the default settings (idempotent). */
export async function ensureTenant(api: TestApi, slug: string) {
  return api.services.tenants.ensure({ slug, name: `School ${slug}`, timeZone: 'Africa/Cairo' }, api.clock);
}

/** Seconds of a Retry-After header that holds a positive whole number, else NaN. */
export function retryAfterSeconds(headers: Headers): number {
  const value = headers.get('retry-after');
  return value !== null && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}
