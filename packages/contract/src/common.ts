// The response envelope, paging and field helpers every area of the contract uses.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/domain';

/** `{ success, message, data }`: the shape of every JSON answer unless API.md says otherwise. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string().nullable(), data: data.nullable() });

/** The envelope of a failed call; validation failures add `errors` keyed by field name. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** A request the server shed because it was over capacity (503): its message, the same on every one. */
export const OVERLOADED_MESSAGE = 'The server is busy. Please try again shortly.';

/**
 * The envelope of a shed request (503): `data.retryAfter` repeats the Retry-After header, in
 * seconds, for clients that read only the body.
 */
export const OverloadedEnvelope = z.object({
  success: z.literal(false),
  message: z.literal(OVERLOADED_MESSAGE),
  data: z.object({ retryAfter: z.number().int().positive() }),
});
export type OverloadedEnvelope = z.infer<typeof OverloadedEnvelope>;

export const MessageOnly = envelope(z.null());

export const PagedMeta = z.object({
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
});

/** A required text field whose message names the field when it is missing or not text. */
export const requiredText = (field: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`),
    })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Page number (1-based, default 1) and size (default 10, larger than 100 is clamped). */
const pageParam = (fallback: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'Must be a positive whole number' });
        return z.NEVER;
      }
      return Math.min(n, max);
    });

export const pageNumberParam = pageParam(1, Number.MAX_SAFE_INTEGER);
export const pageSizeParam = pageParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

/**
 * The tenant's IANA time zone, sent with every answer whose dates feed a unit window: the client
 * counts the window's days in it with the same domain rule as the server.
 */
export const TimeZoneField = z.string();

/** Database ids are 32-bit: a larger number names nothing, and must be a 400, not a database error. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number().int().positive().max(MAX_ID);
export const idField = z.number().int().positive().max(MAX_ID);
