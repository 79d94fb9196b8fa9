/**
 * PostgreSQL's unique_violation (23505), from node-postgres or PGlite, bare or wrapped: drizzle
 * 0.45 wraps driver errors in a DrizzleQueryError whose `cause` holds the driver's error.
 * Returns the violated constraint (or index) name, '' when the driver did not say, or null when
 * the error is something else.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
