/**
 * The bank file round trip (issue 18 §3, decision 053): approved payouts go out as one bulk-transfer
 * CSV (beneficiary name, account number, IFSC, amount in rupees, reference = the payout number) and
 * become `processing` in the same transaction; the bank's result file (reference, status paid or
 * failed, UTR, date, reason) marks each paid or failed, one transaction per row, with each refused
 * row reported and the rest applied. Importing the same file again changes nothing: a row already
 * applied (paid with that UTR, or failed) is reported as unchanged.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { conflict, HttpError, invalid } from '@/lib/http/errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { decrypt } from '@/lib/security/encryption.server.ts';
import { toCsv } from '@/lib/areas/csv.server.ts';
import { paiseToRupeesText } from '@/lib/money/paise.ts';
import { istDate } from '@/lib/india/ist.ts';
import { now } from '@/lib/time/clock.server.ts';
import { payouts } from '@/features/payouts/payouts.tables.ts';
import { readBankResultRow } from '@/features/payouts/payout-rules.ts';
import { stepPayoutIn, type PayoutPerson } from './payouts.server.ts';

export const BANK_FILE_COLUMNS = [
  { field: 'beneficiary_name', header: 'Beneficiary Name' },
  { field: 'account_number', header: 'Account Number' },
  { field: 'ifsc', header: 'IFSC' },
  { field: 'amount', header: 'Amount', kind: 'number' },
  { field: 'reference', header: 'Reference' },
];

/**
 * Every approved payout (or the chosen ones) of a vendor who is not suspended, as the bank's CSV;
 * each becomes `processing` with the file's batch reference. Nothing to send is a 409.
 */
export async function exportBankFile(db: Db, actor: Actor, by: PayoutPerson, ids?: number[]): Promise<{ batchRef: string; count: number; csv: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(and(eq(payouts.status, 'approved'), eq(vendors.status, 'active'), ids?.length ? inArray(payouts.id, ids) : undefined))
      .orderBy(asc(payouts.id))
      .limit(5000);
    if (!rows.length) throw conflict('There are no approved payouts of active vendors to send to the bank.');
    const batchRef = `BANK-${istDate(now()).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const lines: Record<string, unknown>[] = [];
    for (const { id } of rows) {
      const p = await stepPayoutIn(tx, actor, by, id, 'process', { batchRef });
      lines.push({
        beneficiary_name: p.accountHolderName,
        account_number: decrypt(p.bankAccountCipher),
        ifsc: p.ifsc,
        amount: paiseToRupeesText(Number(p.amountPaise), { grouping: false }),
        reference: p.number,
      });
    }
    await logActivity(tx, actor, { area: 'payouts', action: 'bank-file', recordId: batchRef, recordName: batchRef, after: { payouts: rows.length } });
    return { batchRef, count: rows.length, csv: toCsv(BANK_FILE_COLUMNS, lines) };
  });
}

export interface ImportReport {
  rows: number;
  paid: number;
  failed: number;
  unchanged: number;
  errors: { row: number; reference: string | null; message: string }[];
}

const MAX_ROWS = 5000;

/** Reads the bank's result file and applies each row (its own transaction); refused rows are reported, never half-written. */
export async function importBankResult(db: Db, actor: Actor, by: PayoutPerson, text: string): Promise<ImportReport> {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw invalid({ file: [`The file is not a CSV the bank's result could be read from: ${(error as Error).message}`] });
  }
  if (!records.length) throw invalid({ file: ['The file has no rows: reference, status, utr, date, reason.'] });
  if (records.length > MAX_ROWS) throw invalid({ file: [`At most ${MAX_ROWS} rows in one file.`] });
  const report: ImportReport = { rows: records.length, paid: 0, failed: 0, unchanged: 0, errors: [] };
  for (const [i, cells] of records.entries()) {
    const row = i + 2; // the header is line 1
    const read = readBankResultRow(cells);
    if ('error' in read) {
      report.errors.push({ row, reference: cells.reference?.trim() || null, message: read.error });
      continue;
    }
    try {
      const [p] = await db.select().from(payouts).where(eq(payouts.number, read.reference)).limit(1);
      if (!p) throw invalid({ reference: [`No payout ${read.reference}.`] });
      if (read.status === 'paid' && (p.status === 'paid' || p.status === 'returned') && p.utr === read.utr) {
        report.unchanged++;
        continue;
      }
      if (read.status === 'failed' && p.status === 'failed') {
        report.unchanged++;
        continue;
      }
      await db.transaction((tx) =>
        read.status === 'paid'
          ? stepPayoutIn(tx, actor, by, p.id, 'pay', { utr: read.utr!, paid_on: read.date! })
          : stepPayoutIn(tx, actor, by, p.id, 'fail', { reason: `The bank: ${read.reason}` }),
      );
      report[read.status]++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const fields = Object.values(error.errors ?? {}).flat();
      report.errors.push({ row, reference: read.reference, message: fields.length ? fields.join(' ') : error.message });
    }
  }
  return report;
}
