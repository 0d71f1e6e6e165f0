/**
 * The safety net of decision 017: a value the database refuses as its type (SQLSTATE class 22)
 * answers 422 in the one error shape, logged at warn, whichever driver threw it and however
 * Drizzle wrapped it. Against a real in-memory PGlite: the errors are the driver's own.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { isDataException, sqlState } from '../../src/lib/db/pg-errors.ts';
import { DATA_EXCEPTION_MESSAGE, toErrorResponse } from '../../src/lib/http/api.server.ts';

const memory = useMemoryDatabase();

async function thrownBy(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await memory.database.db.execute(query);
  } catch (e) {
    return e;
  }
  throw new Error('the query did not fail');
}

describe('database data errors', () => {
  it('are found through Drizzle’s wrapper, by SQLSTATE', async () => {
    const cases: [ReturnType<typeof sql>, string][] = [
      [sql`select ${'2147483648'}::int`, '22003'],
      [sql`select ${'1.5'}::int`, '22P02'],
      [sql`select ${'2026-02-31'}::timestamptz`, '22008'],
    ];
    for (const [query, code] of cases) {
      const error = await thrownBy(query);
      expect(sqlState(error)).toBe(code);
      expect(isDataException(error)).toBe(true);
    }
    const notData = await thrownBy(sql`select * from no_such_table`);
    expect(sqlState(notData)).toBe('42P01');
    expect(isDataException(notData)).toBe(false);
    expect(isDataException(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBe(false);
    expect(isDataException(new Error('x'))).toBe(false);
  });

  it('answer 422 in the one error shape, logged at warn; anything else stays a 500', async () => {
    const logged: string[] = [];
    const log = { warn: () => logged.push('warn'), error: () => logged.push('error') };
    const locals = { log } as never;
    const response = toErrorResponse(await thrownBy(sql`select ${'2147483648'}::int`), { locals });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: DATA_EXCEPTION_MESSAGE });
    expect(logged).toEqual(['warn']);
    const other = toErrorResponse(await thrownBy(sql`select * from no_such_table`), { locals });
    expect(other.status).toBe(500);
    expect(logged).toEqual(['warn', 'error']);
  });
});
