/**
 * What a database error says, whichever driver threw it. node-postgres and PGlite both throw a
 * DatabaseError carrying PostgreSQL's SQLSTATE as `code`; Drizzle wraps it in a DrizzleQueryError
 * whose `cause` is the driver's error. No imports: anything may ask.
 */

/** The SQLSTATE of a database error (`23505`, `22003`…), looked for through `cause`; undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  let err = error;
  for (let depth = 0; err !== null && typeof err === 'object' && depth < 4; depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    err = (err as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A value the database could not take as its type (SQLSTATE class 22, "data exception": 22003
 * numeric out of range, 22P02 invalid text representation, 22007 / 22008 dates…). Input that
 * validation should have refused: the statement failed, and its transaction with it.
 */
export const isDataException = (error: unknown): boolean => sqlState(error)?.startsWith('22') ?? false;
