import { localizeServerMessage, tooManyAttemptsText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/api-client';

/** The server's message (in Arabic where the catalogue has it), else the spec's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
  const message = error instanceof ApiError && !/^HTTP \d+$/.test(error.message) ? error.message.trim() : '';
  return localizeServerMessage(message || fallback);
}
