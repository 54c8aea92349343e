// One error handler for the whole API: every failure leaves as the envelope, 5xx details never leave.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidInputMessage } from '../db/errors';
import { AppError } from '../lib/app-error';

type Envelope = { success: false; message: string; data: unknown; errors?: Record<string, string> };

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
};

/** Turns schema validation issues into `errors: { Field: message }` and a readable first message. */
function validationEnvelope(issues: ValidationIssue[], context: string | undefined): Envelope {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) errors[key] ??= `Unknown field: ${key}`;
      continue;
    }
    const field = (issue.instancePath ?? '').split('/').filter(Boolean)[0] ?? context ?? 'body';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  const first = Object.values(errors)[0] ?? 'Invalid input';
  return { success: false, message: first, data: null, errors };
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_REQ_FILE_TOO_LARGE: 'Uploaded file is too large',
  FST_PARTS_LIMIT: 'Too many form fields',
  FST_FILES_LIMIT: 'Too many files',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PROTO_VIOLATION: 'Malformed form data',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Malformed form data',
};

/**
 * A malformed multipart body: busboy reports it with plain errors (no status, so they would be a
 * 500) and @fastify/multipart a broken JSON field as 406; both are bad input.
 */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot )/;
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (error.code === 'FST_INVALID_JSON_FIELD_ERROR' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return true;
  const contentType = request.headers['content-type'] ?? '';
  return (
    error.statusCode === undefined &&
    /^multipart\//i.test(contentType) &&
    MULTIPART_PARSE_ERROR.test(error.message)
  );
}

export function sendError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.extra.retryAfterSeconds !== undefined)
      void reply.header('Retry-After', String(error.extra.retryAfterSeconds));
    const body: Envelope = { success: false, message: error.message, data: error.extra.data ?? null };
    if (error.extra.errors) body.errors = error.extra.errors;
    return reply.status(error.statusCode).send(body);
  }
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) {
    return reply
      .status(400)
      .send(validationEnvelope(fastifyError.validation, fastifyError.validationContext));
  }
  if (isMalformedMultipart(fastifyError, request)) {
    return reply.status(400).send({ success: false, message: 'Malformed form data', data: null });
  }
  const invalidInput = invalidInputMessage(error);
  if (invalidInput) {
    // Text the database refuses (a NUL on PostgreSQL) that no schema stopped: bad input, not a fault.
    request.log.warn({ code: (error as { code?: string }).code, reason: error.message }, invalidInput);
    return reply.status(400).send({ success: false, message: invalidInput, data: null });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) {
    return reply
      .status(429)
      .send({ success: false, message: 'Too many requests. Please try again later.', data: null });
  }
  if (status >= 400 && status < 500) {
    const message =
      (fastifyError.code && CLIENT_ERROR_MESSAGES[fastifyError.code]) ??
      (error instanceof SyntaxError ? 'Malformed JSON body' : 'Bad request');
    return reply.status(status).send({ success: false, message, data: null });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ success: false, message: 'Internal server error', data: null });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error as FastifyError, request, reply));
}
