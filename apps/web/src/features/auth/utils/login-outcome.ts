// Spec (validation, login reply handling): the device-limit and unconfirmed-email messages are
// recognised by their text, also when the reply is plain text rather than JSON.
import { ApiError } from '../../../lib/api-client';

export const MAX_DEVICES_TEXT = "You can't log in from more than two devices.";
export const UNCONFIRMED_EMAIL_TEXT = 'Please confirm your email';
export const LOGIN_FAILED = 'Login failed';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export type LoginFailure =
  | { kind: 'max-devices' }
  | { kind: 'unconfirmed-email' }
  | { kind: 'network'; message: string }
  | { kind: 'too-many'; retryAfterSeconds: number | null }
  | { kind: 'other'; message: string };

export function classifyLoginError(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: UNEXPECTED_ERROR };
  if (error.isNetwork) return { kind: 'network', message: error.message };
  if (error.status === 429) return { kind: 'too-many', retryAfterSeconds: error.retryAfterSeconds };
  if (error.message.includes(MAX_DEVICES_TEXT)) return { kind: 'max-devices' };
  if (error.message.includes(UNCONFIRMED_EMAIL_TEXT)) return { kind: 'unconfirmed-email' };
  const fromServer = /^HTTP \d+$/.test(error.message) ? '' : error.message.trim();
  return { kind: 'other', message: fromServer || LOGIN_FAILED };
}
