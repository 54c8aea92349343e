// The Arabic sentence for a failed admin call: the API's status decides, since its messages are
// English. A 409 says what the screen passes (why that action is refused), else a general sentence.
import { adminMessages } from '../../../i18n/admin';
import { ApiError } from '../../../lib/api-client';

const t = adminMessages.errors;

/** `conflict`: what a 409 means on this screen. */
export function adminErrorText(error: unknown, conflict: string = t.conflict): string {
  if (!(error instanceof ApiError)) return t.generic;
  if (error.isNetwork) return t.network;
  switch (error.status) {
    case 400:
    case 422:
      return t.invalid;
    case 403:
      return t.forbidden;
    case 404:
      return t.notFound;
    case 409:
      return conflict;
    case 413:
      return t.tooLarge;
    default:
      return t.generic;
  }
}

export const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;
