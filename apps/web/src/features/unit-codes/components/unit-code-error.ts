import { ApiError } from '../../../lib/api-client';
import { localizeServerMessage, messages, tooManyAttemptsText } from '../../../i18n/messages';

const t = messages.unitCode.errors;

const BY_STATUS: Record<number, string> = {
  401: t.unauthorized,
  403: t.forbidden,
  404: t.notFound,
  409: t.conflict,
};

/** Spec (error catalogue, unit code): a text per status, else the server's message, else 'unexpected'. */
export function unitCodeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return localizeServerMessage(error.message);
    if (error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
    const fromServer = error.message && !/^HTTP \d+$/.test(error.message) ? error.message : null;
    return BY_STATUS[error.status] ?? (fromServer ? localizeServerMessage(fromServer) : t.unexpected);
  }
  return t.unexpected;
}
