/**
 * CSV export: spreadsheet formulas are neutralised (CSV injection), quoting follows RFC 4180,
 * and the file opens in Excel as UTF-8.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, csvResponse, toCsv } from '../../src/lib/areas/csv.server.ts';

/** A minimal RFC 4180 reader, to check that what we write reads back. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('csvCell', () => {
  it('prefixes cells a spreadsheet would run as a formula with a quote', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csvCell('+91 98200 12345')).toBe("'+91 98200 12345");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\tcmd')).toBe(`'\tcmd`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes a number column’s negative amounts as numbers, and still quotes a formula there', () => {
    const csv = toCsv([{ field: 'amount', header: 'Amount', kind: 'number' }], [{ amount: -25000 }, { amount: '-1234.50' }, { amount: '-1+2' }]);
    expect(csv.split('\r\n').slice(1, 4)).toEqual(['-25000', '-1234.50', "'-1+2"]);
  });

  it('leaves ordinary text, numbers and dates alone', () => {
    expect(csvCell('Indigo Loom')).toBe('Indigo Loom');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(new Date('2026-01-31T10:00:00Z'))).toBe('2026-01-31T15:30:00+05:30');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and surrounding spaces', () => {
    expect(csvCell('Saree, silk')).toBe('"Saree, silk"');
    expect(csvCell('6" ruler')).toBe('"6"" ruler"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('never lets a cell start with a formula character once read back', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const [[cell]] = readCsv(`${csvCell(s)}\r\n`) as [[string]];
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(cell === s || cell === `'${s}`).toBe(true);
      }),
    );
  });
});

describe('toCsv / csvResponse', () => {
  const columns = [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Name' },
  ];

  it('writes a BOM, a header line and CRLF line ends', () => {
    const text = toCsv(columns, [
      { id: 1, name: 'Indigo Loom' },
      { id: 2, name: 'नीला, हरा' },
    ]);
    expect(text.startsWith('\uFEFFID,Name\r\n')).toBe(true);
    expect(readCsv(text.slice(1))).toEqual([
      ['ID', 'Name'],
      ['1', 'Indigo Loom'],
      ['2', 'नीला, हरा'],
    ]);
  });

  it('writes a date column as ISO 8601 in IST with its offset, and leaves an empty one empty', () => {
    const text = toCsv(
      [...columns, { field: 'updated_at', header: 'Updated', kind: 'date' }],
      [
        { id: 1, name: 'Indigo Loom', updated_at: '2026-01-12T09:34:00.000Z' },
        { id: 2, name: 'Neel Denim', updated_at: '2026-01-31T18:30:00.000Z' },
        { id: 3, name: 'Undated', updated_at: null },
      ],
    );
    expect(readCsv(text.slice(1)).slice(1)).toEqual([
      ['1', 'Indigo Loom', '2026-01-12T15:04:00+05:30'],
      // 18:30 UTC is already the next day in India.
      ['2', 'Neel Denim', '2026-02-01T00:00:00+05:30'],
      ['3', 'Undated', ''],
    ]);
  });

  it('answers a download with a safe file name', async () => {
    const res = csvResponse('brands "2026".csv', columns, []);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="brands__2026_.csv"');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe('\uFEFFID,Name\r\n');
  });
});
