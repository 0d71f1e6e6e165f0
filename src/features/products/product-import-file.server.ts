/**
 * Reading and writing the bulk import's files (decision 036): CSV through csv-parse / csv-stringify
 * and XLSX through ExcelJS's streaming reader and writer, row by row, so a 100 MB file never sits in
 * memory. Cells are read as values only: an XLSX formula is never evaluated, and is refused naming the
 * cell. Exports escape cells that a spreadsheet would run as a formula (as every CSV export does), and
 * the reader takes that escape off again, so export → import changes nothing.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { escapeFormula } from '@/lib/areas/csv.server.ts';
import { ImportFileError, readHeader, type ImportHeader, type ImportRecord } from './product-import-format.ts';

export type ImportFileKind = 'csv' | 'xlsx';

/** The file's kind from its first bytes: an XLSX is a ZIP (PK\x03\x04); anything else is read as CSV text. */
export function fileKindOf(firstBytes: Uint8Array): ImportFileKind {
  return firstBytes[0] === 0x50 && firstBytes[1] === 0x4b && firstBytes[2] === 0x03 && firstBytes[3] === 0x04 ? 'xlsx' : 'csv';
}

/** A ZIP's limits: far above a 100 MB workbook's parts, far below what a bomb expands to. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

/**
 * Inflates every entry of a ZIP (an XLSX) once, counting bytes, before anything else reads it: too many
 * entries, or more bytes than `maxTotalBytes` once inflated (whatever the entries claim: yauzl checks
 * each entry's real size against its header), is a ZIP bomb and refused without being expanded further.
 */
export async function checkZip(path: string, limits: ZipLimits): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
      err ? reject(new ImportFileError('The file is not a valid XLSX workbook (its ZIP structure can’t be read).')) : resolve(z!),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ImportFileError(`The workbook has ${zip.entryCount} parts; at most ${limits.maxEntries} are read. Save it again as a plain .xlsx.`);
    let total = 0;
    const bomb = () =>
      new ImportFileError('The workbook expands to far more data than its size suggests (a ZIP bomb?), so it was not read. Save it again as a plain .xlsx.');
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new ImportFileError('The file is not a valid XLSX workbook.')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return reject(bomb());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new ImportFileError('The workbook is damaged: a part of it can’t be read.'));
          stream.on('data', () => {});
          stream.on('error', () => reject(bomb()));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Undoes the export's formula escape: `'=SUM` was `=SUM` before it was written. */
const unescapeCell = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A data row of the file with the header applied, or a file-level problem. */
export interface FileRow extends ImportRecord {
  /** Columns whose XLSX cell held a formula (refused: values only). */
  formulas?: string[];
}

function toRecord(header: ImportHeader, row: number, cells: readonly string[], formulas?: Set<number>): FileRow | null {
  if (cells.every((c) => !c.trim())) return null;
  const out: Record<string, string> = {};
  header.keys.forEach((key, i) => {
    if (key) out[key] = unescapeCell(cells[i] ?? '');
  });
  const record: FileRow = { row, cells: out };
  if (formulas?.size) record.formulas = [...formulas].map((i) => header.keys[i] ?? `column ${i + 1}`);
  return record;
}

/** A cell of ExcelJS as plain text: values only, formulas as their cached result (and flagged). */
function xlsxCellText(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number') return { text: Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6))), formula: false };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', formula: false };
  if (value instanceof Date) return { text: value.toISOString(), formula: false };
  const v = value as unknown as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) return { text: xlsxCellText((v.result ?? null) as ExcelJS.CellValue).text, formula: true };
  if (Array.isArray(v.richText)) return { text: (v.richText as { text: string }[]).map((r) => r.text).join(''), formula: false };
  if (typeof v.text === 'string') return { text: v.text, formula: false };
  if ('error' in v) return { text: String(v.error), formula: false };
  return { text: '', formula: false };
}

/** Which delimiter the header line uses: `;` (Excel in much of Europe) when it has more of them than commas. */
export const sniffDelimiter = (headerLine: string) => ((headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ',');

/** The file's text, decoded as UTF-8 strictly (a byte that isn't UTF-8 is a clear refusal, not mojibake), without a BOM. */
async function* utf8Text(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let offset = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    let text: string;
    try {
      text = decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      throw new ImportFileError(
        `The file is not UTF-8 text (a byte near position ${offset.toLocaleString('en-IN')} is not). In Excel, save it as “CSV UTF-8”; or upload the .xlsx.`,
      );
    }
    offset += (chunk as Buffer).byteLength;
    if (text) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new ImportFileError('The file is not UTF-8 text: it ends in the middle of a character. Save it as “CSV UTF-8”.');
  }
}

/**
 * The file's text as a stream for csv-parse, with the delimiter its header line uses. The first
 * chunks are read to find the header line, then handed on with the rest through the same iterator
 * (leaving a for-await loop would close the generator, and the file with it).
 */
async function csvText(path: string): Promise<{ delimiter: string; source: Readable }> {
  const chunks = utf8Text(path)[Symbol.asyncIterator]();
  const head: string[] = [];
  let seen = '';
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
    if (seen.includes('\n') || seen.length > 65_536) break;
  }
  const delimiter = sniffDelimiter(seen.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '');
  const source = Readable.from(
    (async function* () {
      for (const [i, chunk] of head.entries()) yield i === 0 ? chunk.replace(/^\uFEFF/, '') : chunk;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  return { delimiter, source };
}

/**
 * The file's data rows in order, each with its row number as a spreadsheet shows it (the header is
 * row 1), the header checked first. Blank rows are skipped (their numbers are kept for the rest).
 */
export async function* readImportRows(path: string, kind: ImportFileKind): AsyncGenerator<FileRow, void, undefined> {
  if (kind === 'xlsx') {
    yield* readXlsxRows(path);
    return;
  }
  // The header line decides the delimiter.
  const { delimiter, source } = await csvText(path);
  const parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: false, relax_quotes: false });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let header: ImportHeader | undefined;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!header) {
        header = readHeader(cells);
        continue;
      }
      const record = toRecord(header, row, cells);
      if (record) yield record;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const message = (error as { message?: string }).message ?? '';
    const line = /line (\d+)/.exec(message)?.[1];
    throw new ImportFileError(
      `The CSV can’t be read${line ? ` at line ${Number(line).toLocaleString('en-IN')}` : ''}: a quote is not closed or a quoted field is followed by other text. Check the quotes, or upload the .xlsx.`,
    );
  }
  if (!header) throw new ImportFileError('The file is empty: its first row should be the header of the template.');
}

/** A streaming reader of an XLSX's sheets: cell values only (no styles, links or other entries read). */
const xlsxReader = (path: string) =>
  new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });

async function* readXlsxRows(path: string): AsyncGenerator<FileRow, void, undefined> {
  const reader = xlsxReader(path);
  let header: ImportHeader | undefined;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        const formulas = new Set<number>();
        for (let i = 1; i < values.length; i++) {
          const { text, formula } = xlsxCellText(values[i] ?? null);
          cells[i - 1] = text;
          if (formula) formulas.add(i - 1);
        }
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        if (!header) {
          if (row.number !== 1) throw new ImportFileError('The first row of the first sheet should be the header of the template, and it is blank.');
          header = readHeader(cells);
          continue;
        }
        const record = toRecord(header, row.number, cells, formulas);
        if (record) yield record;
      }
      break; // the first sheet only: the template's second sheet explains the columns
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('The workbook can’t be read. Save it again from your spreadsheet as .xlsx, or upload a CSV.');
  }
  if (!header) throw new ImportFileError('The file is empty: its first row should be the header of the template.');
}

/** Writes rows to a file or an HTTP response as CSV or XLSX, one row at a time. */
export interface RowWriter {
  write(cells: readonly string[]): Promise<void>;
  end(): Promise<void>;
}

/** A CSV writer: UTF-8 with a BOM (Excel reads it right), CRLF lines, formula-looking cells escaped. */
export function csvRowWriter(out: Writable): RowWriter {
  const stringifier = stringify({ record_delimiter: '\r\n', cast: { string: (s) => escapeFormula(s) } });
  out.write('\uFEFF');
  stringifier.pipe(out);
  return {
    async write(cells) {
      if (!stringifier.write(cells)) await new Promise((r) => stringifier.once('drain', r));
    },
    async end() {
      stringifier.end();
      await finished(out);
    },
  };
}

export interface XlsxSheet {
  name: string;
  rows: readonly (readonly string[])[];
}

/**
 * An XLSX writer (ExcelJS's streaming writer): the first sheet is written row by row; `extraSheets`
 * (the template's explanations and lists) are small and written at the end. Every cell is a string
 * cell, so nothing in it is ever a formula.
 */
export function xlsxRowWriter(out: Writable, sheetName: string, extraSheets: () => Promise<XlsxSheet[]> = async () => []): RowWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName);
  return {
    async write(cells) {
      sheet.addRow([...cells]).commit();
    },
    async end() {
      sheet.commit();
      for (const extra of await extraSheets()) {
        const ws = workbook.addWorksheet(extra.name);
        for (const r of extra.rows) ws.addRow([...r]).commit();
        ws.commit();
      }
      await workbook.commit();
      await finished(out).catch(() => {});
    },
  };
}

/** A writer to a file path. */
export function fileRowWriter(path: string, kind: ImportFileKind, sheetName = 'Products', extraSheets?: () => Promise<XlsxSheet[]>): RowWriter {
  const out = createWriteStream(path);
  return kind === 'csv' ? csvRowWriter(out) : xlsxRowWriter(out, sheetName, extraSheets);
}

/** The raw rows of a file (header included), for the error file: the original cells, untouched. */
export async function* readRawRows(path: string, kind: ImportFileKind): AsyncGenerator<{ row: number; cells: string[] }> {
  if (kind === 'xlsx') {
    const reader = xlsxReader(path);
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells[i - 1] = xlsxCellText(values[i] ?? null).text;
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        yield { row: row.number, cells };
      }
      break;
    }
    return;
  }
  const { delimiter, source } = await csvText(path);
  const parser = parse({ delimiter, relax_column_count: true });
  source.pipe(parser);
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells: cells.map(unescapeCell) };
}
