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
