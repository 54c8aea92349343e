import { OVERLOADED_MESSAGE } from '@app/contract';

/**
 * An expected failure with the status and message API.md lists. The error handler turns it into the
 * envelope; anything else becomes a 500 with a generic message and a log line.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: Record<string, string>; data?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, { data });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many attempts. Please try again later.', { retryAfterSeconds });

/** Over capacity (503): the wait goes in the Retry-After header and in `data.retryAfter`. */
export const overloaded = (retryAfterSeconds: number) =>
  new AppError(503, OVERLOADED_MESSAGE, { retryAfterSeconds, data: { retryAfter: retryAfterSeconds } });
