/**
 * CSV export. Cells that begin with = + - @, a tab or a carriage return are prefixed with a quote
 * so a spreadsheet shows them as text instead of running them as formulas (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: { field: string; header: string }[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c.field])).join(','));
  // A BOM so Excel reads UTF-8 (names in Hindi, Tamil…) correctly.
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

export function csvResponse(filename: string, columns: { field: string; header: string }[], rows: Record<string, unknown>[]): Response {
  return new Response(toCsv(columns, rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}
