/**
 * The ledger always sums to the balances (issue 18 §7): random batches of entries (one INSERT each,
 * as the app writes them) go into a real database with the real migrations, and at random instants
 * the balances read from what the ledger keeps (src/features/earnings/ledger.server.ts readBalances:
 * no entry summed) equal the entries summed directly. Also: the ledger refuses to be edited.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { vendors } from '../../src/lib/db/schema.ts';
import { earningEntries, ENTRY_TYPES } from '../../src/features/earnings/earnings.tables.ts';
import { ratesOn, readBalances, type NewEntry } from '../../src/features/earnings/ledger.server.ts';
import { istDate, istDayStart } from '../../src/lib/india/ist.ts';
import { rowsOf } from '../../src/lib/db/client.server.ts';

const handle = useMemoryDatabase();
const DAY = 86_400_000;
const BASE = istDayStart('2026-01-01').getTime();

const entryArb = (vendorIds: number[]) =>
  fc.record({
    vendorId: fc.constantFrom(...vendorIds),
    type: fc.constantFrom(...ENTRY_TYPES.filter((t) => t !== 'adjustment')),
    amountPaise: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0),
    day: fc.integer({ min: 0, max: 60 }),
  });

describe('the kept balances', () => {
  it('always equal the entries summed, at any instant', async () => {
    const db = handle.database.db;
    const made = await db
      .insert(vendors)
      .values([{ storeName: 'Ledger A' }, { storeName: 'Ledger B' }, { storeName: 'Ledger C' }])
      .returning({ id: vendors.id });
    const ids = made.map((v) => v.id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(entryArb(ids), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -1, max: 62 }),
        async (batches, probeDay) => {
          for (const batch of batches) {
            const rows: NewEntry[] = batch.map((e) => ({
              vendorId: e.vendorId,
              type: e.type,
              amountPaise: e.amountPaise,
              payableAt: new Date(BASE + e.day * DAY),
              createdAt: new Date(BASE),
            }));
            await db.transaction(async (tx) => {
              await tx.insert(earningEntries).values(rows);
            });
          }
          const at = new Date(BASE + probeDay * DAY + DAY / 2);
          for (const vendorId of [...ids, null]) {
            const kept = await readBalances(db, vendorId, at);
            const scope = vendorId === null ? sql`true` : sql`vendor_id = ${vendorId}`;
            const [summed] = rowsOf<{ total: string; pending: string; paid: string; n: string }>(
              await db.execute(sql`
            select coalesce(sum(amount_paise), 0) as total,
                   coalesce(sum(amount_paise) filter (where payable_at > ${at.toISOString()}::timestamptz), 0) as pending,
                   coalesce(-sum(amount_paise) filter (where type = 'payout'), 0) as paid,
                   count(*) as n
              from earning_entries where ${scope}`),
            );
            expect({ total: kept.total_paise, pending: kept.pending_paise, payable: kept.payable_paise, paid: kept.paid_paise, n: kept.entries_count }).toEqual(
              {
                total: Number(summed!.total),
                pending: Number(summed!.pending),
                payable: Number(summed!.total) - Number(summed!.pending),
                paid: Number(summed!.paid),
                n: Number(summed!.n),
              },
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  it('refuses to update or delete an entry, but lets a payout settle it once', async () => {
    const db = handle.database.db;
    const [v] = await db.insert(vendors).values({ storeName: 'Ledger D' }).returning({ id: vendors.id });
    const [e] = await db
      .insert(earningEntries)
      .values({ vendorId: v!.id, type: 'sale', amountPaise: 100, payableAt: new Date(BASE), createdAt: new Date(BASE) })
      .returning({ id: earningEntries.id });
    /** The database's own refusal (Drizzle wraps it: the trigger's message is the cause's). */
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/append-only/);
    };
    await refused(sql`update earning_entries set amount_paise = 1 where id = ${e!.id}`);
    await refused(sql`delete from earning_entries where id = ${e!.id}`);
    await refused(sql`truncate earning_entries`);
    await db.execute(sql`update earning_entries set payout_id = 7 where id = ${e!.id}`);
    await refused(sql`update earning_entries set payout_id = 8 where id = ${e!.id}`);
    await refused(sql`update earning_entries set payout_id = null where id = ${e!.id}`);
    // A zero entry, an unknown type and an adjustment without a reason are refused by the table itself.
    await expect(
      db.insert(earningEntries).values({ vendorId: v!.id, type: 'sale', amountPaise: 0, payableAt: new Date(), createdAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(earningEntries).values({ vendorId: v!.id, type: 'gift', amountPaise: 5, payableAt: new Date(), createdAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(earningEntries).values({ vendorId: v!.id, type: 'adjustment', amountPaise: 5, payableAt: new Date(), createdAt: new Date() }),
    ).rejects.toThrow();
  });
});

describe('the rates in force (seeded with the real history)', () => {
  it('change at IST midnight of the day a rate starts: TCS 1 % → 0.5 % on 10 July 2024, TDS 1 % → 0.1 % on 1 October 2024', async () => {
    const db = handle.database.db;
    const tcsStart = istDayStart('2024-07-10').getTime();
    const tdsStart = istDayStart('2024-10-01').getTime();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -3 * DAY, max: 3 * DAY }), async (offset) => {
        const tcsAt = new Date(tcsStart + offset);
        const tdsAt = new Date(tdsStart + offset);
        expect((await ratesOn(db, istDate(tcsAt))).tcs.rateBp).toBe(offset < 0 ? 100 : 50);
        expect((await ratesOn(db, istDate(tdsAt))).tds.rateBp).toBe(offset < 0 ? 100 : 10);
      }),
      { numRuns: 60 },
    );
    const today = await ratesOn(db, '2026-11-25');
    expect(today).toEqual({
      tcs: { rateBp: 50, code: 's.52 CGST Act' },
      tds: { rateBp: 10, code: 's.194-O Income-tax Act 1961' },
      tds_no_pan: { rateBp: 500, code: 's.194-O with s.206AA(7)' },
      commission_gst: { rateBp: 1800, code: '998599' },
    });
    // Before TCS existed (1 October 2018) nothing was withheld.
    expect((await ratesOn(db, '2018-09-30')).tcs.rateBp).toBe(0);
  });
});
