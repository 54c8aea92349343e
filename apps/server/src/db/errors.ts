/** True for a unique-constraint violation on either dialect (SQLite's code or PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown, constraintHint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: string; constraint?: string; detail?: string };
  const unique =
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || constraintHint === undefined) return unique;
  const text = `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`;
  return text.includes(constraintHint);
}

/**
 * PostgreSQL's refusals of an input value itself, by SQLSTATE: a NUL or a character the encoding
 * lacks (22021, 22P05), text that is not the column's type (22P02), too long (22001), out of range
 * (22003). Input that validation let through: a 400, never a 500.
 */
const INVALID_INPUT: Record<string, string> = {
  '22021': 'Invalid characters in input',
  '22P05': 'Invalid characters in input',
  '22P02': 'Invalid value in input',
  '22001': 'Invalid value in input',
  '22003': 'Invalid value in input',
};

/** The message for a database error that refuses an input value (see INVALID_INPUT), else null. */
export function invalidInputMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? (INVALID_INPUT[code] ?? null) : null;
}
