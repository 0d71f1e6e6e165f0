/**
 * GET /api/earnings/statement?month=2026-11[&vendor_id=][&format=pdf|csv|json]: a vendor's monthly
 * statement (a vendor: their own; staff name the vendor). PDF by default.
 */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { buildStatement, MONTH_PATTERN } from '@/features/earnings/statement.server.ts';
import { statementCsv, statementFileName, statementPdf } from '@/features/earnings/statement-files.server.ts';
import { earningsVendor } from '@/features/earnings/earnings-access.server.ts';

const statementQuery = z
  .object({
    month: z.string('Choose a month, e.g. 2026-11.').regex(MONTH_PATTERN, 'Choose a month, e.g. 2026-11.'),
    format: z.enum(['pdf', 'csv', 'json'], { error: 'format is pdf, csv or json.' }).default('pdf'),
  })
  .loose();

export const GET = endpoint(async ({ url, locals }) => {
  const raw = queryObject(url);
  const { month, format } = parseWith(statementQuery, raw);
  const vendorId = earningsVendor(locals.principal!, raw, true)!;
  const statement = await buildStatement(db(), vendorId, month);
  if (format === 'json') return json({ data: statement });
  const download = (body: BodyInit, type: string, ext: 'csv' | 'pdf') =>
    new Response(body, {
      headers: { 'content-type': type, 'content-disposition': `attachment; filename="${statementFileName(statement, ext)}"`, 'cache-control': 'no-store' },
    });
  if (format === 'csv') return download(statementCsv(statement), 'text/csv; charset=utf-8', 'csv');
  return download(new Uint8Array(await statementPdf(statement)), 'application/pdf', 'pdf');
});
