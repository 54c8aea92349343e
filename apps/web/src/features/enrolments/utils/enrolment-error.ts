// Spec (error catalogue, enrolment by code): the Arabic text for a failed enrolment.
import { ApiError } from '../../../lib/api-client';
import { catalogueMessages } from '../../../i18n/catalogue';
import { localizeServerMessage, tooManyAttemptsText } from '../../../i18n/messages';
import { ALREADY_ENROLLED, CODE_NOT_FOUND, CODE_USED } from '../api/add-course-by-code';

const t = catalogueMessages.enrolment.errors;

export function enrolmentErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t.network;
  if (error.isNetwork) return t.network;
  const message = error.message.trim();
  if (message === CODE_NOT_FOUND) return t.notFound;
  if (message === CODE_USED) return t.used;
  if (message === ALREADY_ENROLLED) return t.alreadyEnrolled;
  if (error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
  if (error.status === 404) return t.notFound;
  if (error.status === 401) return t.login;
  const fromServer = message && !/^HTTP \d+$/.test(message) ? localizeServerMessage(message) : null;
  return fromServer ?? t.invalid;
}
