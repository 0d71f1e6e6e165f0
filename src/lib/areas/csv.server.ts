/**
 * CSV export. Cells that begin with = + - @, a tab or a carriage return are prefixed with a quote
 * so a spreadsheet shows them as text instead of running them as formulas (CSV injection).
 * Times are ISO 8601 in IST with the offset (`2026-01-12T15:04:00+05:30`): exact for a program,
 * and the hour people saw on screen for a person (decision 028).
 */
import { toIstIso } from '@/lib/india/ist.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';

/** A column of the file; a `date` one holds instants (ISO strings or Dates) and is written in IST. */
export interface CsvColumn {
  field: string;
  header: string;
  kind?: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell a spreadsheet would run as a formula, quoted so it shows as text; the product import takes the quote off again. */
export const escapeFormula = (s: string) => (FORMULA_START.test(s) ? `'${s}` : s);

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = escapeFormula(value instanceof Date ? toIstIso(value) : String(value));
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: CsvColumn[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  // A number column's plain numbers ("-250", "-1234.50": refunds, commission) stay numbers: a
  // spreadsheet never reads one as a formula, and quoting them would turn money into text.
  const cell = (c: CsvColumn, value: unknown) =>
    c.kind === 'number' && PLAIN_NUMBER.test(String(value ?? '')) ? String(value) : csvCell(c.kind === 'date' ? toIstIso(value) : value);
  for (const row of rows) lines.push(columns.map((c) => cell(c, row[c.field])).join(','));
  // A BOM so Excel reads UTF-8 (names in Hindi, Tamil…) correctly.
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

export function csvResponse(filename: string, columns: CsvColumn[], rows: Record<string, unknown>[]): Response {
  return fileResponse(toCsv(columns, rows), { type: 'text/csv; charset=utf-8', name: filename });
}
