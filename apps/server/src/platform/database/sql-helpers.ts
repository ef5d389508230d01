import type { SQL } from 'drizzle-orm';
import type { TenantTx } from './tenant-db.ts';

// Small SQL helpers every repository may use (one copy here, none in the modules).

/** `text` with LIKE's own %, _ and \ escaped, so a pattern built around it takes them literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `value` as an ILIKE pattern matching it anywhere, its own %, _ and \ taken literally. */
export const containsPattern = (value: string): string => `%${escapeLike(value)}%`;

/** Whether the error (or one of its causes, as drizzle wraps them) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The rows of a hand-written statement, typed as the caller reads them. */
export const rowsOf = async <T>(tx: TenantTx, query: SQL): Promise<T[]> =>
  (await tx.execute<T & Record<string, unknown>>(query)).rows as T[];
