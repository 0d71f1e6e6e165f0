/**
 * Order numbers (OD-2026-000123): a PostgreSQL sequence per calendar year in India, so placing an
 * order takes no lock that every other placing waits for (issue 17 §6; decision 062). A refused
 * order's number is skipped — order numbers are names, not tax documents; invoices and credit
 * notes keep their gapless counters (Rule 46, src/features/invoices).
 *
 * A year's sequence is made by its first order, starting after `order_number_counters`' last
 * number for that year (the counter that numbered orders before this change), so an upgraded
 * database never gives a number twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { orderNumberCounters } from './orders.tables.ts';

/** India Standard Time's year of an instant: order numbers run per calendar year in India. */
export const istYear = (at: Date) => new Date(at.getTime() + 5.5 * 3600_000).getUTCFullYear();

export const orderNumber = (year: number, n: number) => `OD-${year}-${String(n).padStart(6, '0')}`;

const sequenceOf = (year: number) => `order_numbers_${Math.trunc(year)}`;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The next number of the year of `at`. Inside the placing transaction; never blocks another placing. */
export async function nextOrderNumber(tx: DbOrTx, at: Date): Promise<string> {
  const year = istYear(at);
  const next = async () => {
    const [row] = rowsOf<{ n: string | number | null }>(await tx.execute(sql`select nextval(to_regclass(${sequenceOf(year)})) as n`));
    return row?.n == null ? null : Number(row.n);
  };
  let n = await next();
  if (n === null) {
    await createYearSequence(tx, year);
    n = await next();
  }
  if (n === null) throw new Error(`The order numbers' sequence for ${year} could not be made`);
  return orderNumber(year, n);
}

async function createYearSequence(tx: DbOrTx, year: number) {
  const [counter] = await tx.select({ last: orderNumberCounters.last }).from(orderNumberCounters).where(eq(orderNumberCounters.year, year)).limit(1);
  const start = (counter?.last ?? 0) + 1;
  try {
    // A savepoint: two first orders of a year at once both try; the loser's error must not end its transaction.
    await tx.transaction(async (sp) => {
      await sp.execute(sql.raw(`create sequence if not exists ${sequenceOf(year)} as bigint start with ${Math.trunc(start)}`));
    });
  } catch {
    // The other request made it (and committed); nextval finds it now.
  }
}
