/**
 * The bulk import file, declared once (issue 16 §1, decision 036): the columns of the template, the
 * products export, the parser and the error file all come from here, so export → edit → import is
 * a round trip. One row per variant; the rows of one product share its handle (the product's slug).
 * Relations are named (brand, category, tax…), never given by id. No server imports.
 */

export type ImportColumnLevel = 'product' | 'variant';

export interface ImportColumn {
  /** The header as written in the file (matched without regard to case, spaces or hyphens). */
  key: string;
  level: ImportColumnLevel;
  /** The header must be in the file. */
  required?: boolean;
  /** The second sheet of the XLSX template: what the column holds. */
  help: string;
}

/**
 * The most data rows a file may have. The checks across a file (a SKU on two products, a product's
 * rows apart) keep each SKU and handle seen in memory, about 40 MB at this many rows; a 1,000,000-row
 * file is refused with a message to split it rather than risk the server's memory (decision 036).
 */
export const MAX_IMPORT_ROWS = 200_000;

/** Stock columns are one per warehouse: `stock:<warehouse code>` (`stock:DFH-BLR`). */
export const STOCK_COLUMN_PREFIX = 'stock:';

/** Option groups a product varies by, at most (variants.ts MAX_OPTION_GROUPS). */
const OPTIONS = [1, 2, 3] as const;

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'handle',
    level: 'product',
    required: true,
    help: 'The product’s handle (its web address name, lower case: cotton-kurta). Rows with the same handle are one product.',
  },
  { key: 'name', level: 'product', required: true, help: 'The product name, at most 200 characters.' },
  { key: 'description', level: 'product', help: 'Markdown, at most 20,000 characters. Blank: no description.' },
  { key: 'brand', level: 'product', help: 'A brand’s name from the Brands list below. Blank: no brand.' },
  { key: 'category', level: 'product', required: true, help: 'A category’s name from the list below.' },
  { key: 'sub_category', level: 'product', help: 'A sub-category of that category, by name. Blank: none.' },
  { key: 'tags', level: 'product', help: 'Tag names separated by commas (Handloom, Festive Wear), at most 20. Blank: none.' },
  { key: 'tax', level: 'product', required: true, help: 'The GST slab: a tax’s name or its HSN code from the Taxes list below.' },
  { key: 'return_policy', level: 'product', help: 'A return policy’s title. Blank: none.' },
  { key: 'size_chart', level: 'product', help: 'A size chart’s name. Blank: none.' },
  {
    key: 'status',
    level: 'product',
    help: 'draft or pending_review for a new product (pending_review submits it for review). For a saved one: its status, or a move the product page offers (inactive, active from inactive, archived, draft from archived, pending_review from draft or rejected). Blank: draft for a new product, unchanged otherwise.',
  },
  { key: 'weight_grams', level: 'product', help: 'Packed weight in grams, 1–1,00,000. Blank: not set.' },
  { key: 'length_mm', level: 'product', help: 'Package length in millimetres, 1–3,000. Blank: not set.' },
  { key: 'width_mm', level: 'product', help: 'Package width in millimetres, 1–3,000. Blank: not set.' },
  { key: 'height_mm', level: 'product', help: 'Package height in millimetres, 1–3,000. Blank: not set.' },
  { key: 'handling_days', level: 'product', help: 'Days from an order to handing it to the courier, 0–30. Blank: 2 for a new product, unchanged otherwise.' },
  ...OPTIONS.flatMap((n): ImportColumn[] => [
    {
      key: `option${n}_name`,
      level: 'product',
      help: `The ${n === 1 ? 'first' : n === 2 ? 'second' : 'third'} option group the product varies by (Size, Colour), from the list below. Blank: none.`,
    },
    { key: `option${n}_value`, level: 'variant', help: `This variant’s value of option ${n} (M, Indigo), one of the group’s values.` },
  ]),
  {
    key: 'sku',
    level: 'variant',
    required: true,
    help: 'The variant’s SKU: 1–40 letters, digits, hyphens, underscores or dots, unique in your catalogue. Rows are matched to saved variants by SKU.',
  },
  { key: 'mrp', level: 'variant', required: true, help: 'The MRP in rupees (1299.00), more than 0.' },
  { key: 'price', level: 'variant', required: true, help: 'The selling price in rupees, at most the MRP.' },
  { key: 'cost', level: 'variant', help: 'What the variant costs you, in rupees (the vendor’s own; staff leave it blank). Blank: not set.' },
  { key: 'barcode', level: 'variant', help: 'EAN-13, UPC-A or EAN-8 with its check digit. Blank: none.' },
  { key: 'variant_weight_grams', level: 'variant', help: 'This variant’s packed weight in grams, when it differs from the product’s. Blank: the product’s.' },
  { key: 'variant_status', level: 'variant', help: 'active or inactive. Blank: active for a new variant, unchanged otherwise.' },
  {
    key: 'images',
    level: 'product',
    help: 'Up to 10 photos, in order, separated by commas: each an http(s) URL, or a file name in the ZIP you upload the sheet in (a ZIP holding this sheet and the photos). An image already on the product is kept by its URL, file name or exported path. Blank: the images stay as they are.',
  },
];

export const IMPORT_COLUMN_KEYS = IMPORT_COLUMNS.map((c) => c.key);
export const REQUIRED_COLUMN_KEYS = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.key);
const COLUMN_BY_KEY = new Map(IMPORT_COLUMNS.map((c) => [c.key, c]));

export const STOCK_COLUMN_HELP = 'Units on hand in the warehouse with this code. Blank on every row of a product: it doesn’t ship from there.';

/** The header row for a vendor with these warehouses: every column, then one stock column per warehouse code. */
export const headerFor = (warehouseCodes: readonly string[]) => [...IMPORT_COLUMN_KEYS, ...warehouseCodes.map((code) => `${STOCK_COLUMN_PREFIX}${code}`)];

/** "Option 1 name", "SKU " or "sub-category" → the declared key. */
export const normaliseHeader = (raw: string) =>
  raw
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export interface ImportHeader {
  /** Column position → declared key or `stock:<CODE>` (the code upper-cased). */
  keys: string[];
  /** The warehouse codes of the stock columns, in order. */
  stockCodes: string[];
}

export class ImportFileError extends Error {}

/** The error file's added column: the original row, then what was wrong with it. Read past on import. */
export const ERRORS_COLUMN = 'errors';

/**
 * Reads the header row: every column must be known and none twice, and the required ones present.
 * Throws ImportFileError with a sentence for the vendor ("The file has no price column.").
 */
export function readHeader(cells: readonly string[]): ImportHeader {
  const keys: string[] = [];
  const stockCodes: string[] = [];
  const unknown: string[] = [];
  for (const raw of cells) {
    const key = normaliseHeader(raw);
    if (key.startsWith(STOCK_COLUMN_PREFIX)) {
      const code = raw
        .trim()
        .slice(raw.trim().indexOf(':') + 1)
        .trim()
        .toUpperCase();
      if (!code) unknown.push(raw.trim());
      stockCodes.push(code);
      keys.push(`${STOCK_COLUMN_PREFIX}${code}`);
      continue;
    }
    // A blank header cell, or the error file's own column: read past, never imported.
    if ((!key && !raw.trim()) || key === ERRORS_COLUMN) {
      keys.push('');
      continue;
    }
    if (!COLUMN_BY_KEY.has(key)) unknown.push(raw.trim());
    keys.push(key);
  }
  if (cells.every((c) => !c.trim())) throw new ImportFileError('The file is empty: its first row should be the header of the template.');
  if (unknown.length)
    throw new ImportFileError(
      `The header has ${unknown.length === 1 ? 'a column' : 'columns'} the import doesn’t know: ${unknown.map((u) => `“${u}”`).join(', ')}. Download the template to see the columns.`,
    );
  const seen = new Set<string>();
  for (const key of keys) {
    if (!key) continue;
    if (seen.has(key)) throw new ImportFileError(`The header has the column “${key}” twice.`);
    seen.add(key);
  }
  const missing = REQUIRED_COLUMN_KEYS.filter((k) => !seen.has(k));
  if (missing.length)
    throw new ImportFileError(`The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}. Download the template to see the columns.`);
  return { keys, stockCodes };
}

/** One data row of the file, as text, by column key; `row` is its row number as a spreadsheet shows it (the header is row 1). */
export interface ImportRecord {
  row: number;
  cells: Record<string, string>;
}

/** Row numbers and counts as people read them: 1,204 (Indian grouping beyond a lakh: 1,20,400). */
export const formatCount = (n: number) => n.toLocaleString('en-IN');

/** One problem with one cell: "Row 1,204, column price: 1,499.00 is above the MRP 1,299.00." */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

export const describeRowError = (e: ImportRowError) => `Row ${formatCount(e.row)}, column ${e.column}: ${e.message}`;

/** Two example products for the template: one without options, one in two sizes. */
export function templateExamples(
  names: { category: string; subCategory?: string; tax: string; brand?: string; optionGroup?: { name: string; values: [string, string] } },
  warehouseCodes: readonly string[],
) {
  const stock = (n: number) => Object.fromEntries(warehouseCodes.map((c) => [`${STOCK_COLUMN_PREFIX}${c}`, String(n)]));
  const base = {
    category: names.category,
    sub_category: names.subCategory ?? '',
    tax: names.tax,
    brand: names.brand ?? '',
    status: 'draft',
    weight_grams: '400',
    length_mm: '300',
    width_mm: '250',
    height_mm: '40',
    handling_days: '2',
  };
  const rows: Record<string, string>[] = [
    {
      ...base,
      handle: 'handloom-cotton-saree',
      name: 'Handloom Cotton Saree',
      description: 'Soft **handloom cotton**, woven in Kanchipuram.',
      sku: 'SAREE-001',
      mrp: '2499.00',
      price: '1999.00',
      ...stock(10),
    },
  ];
  const group = names.optionGroup;
  for (const [i, value] of (group?.values ?? ['', '']).entries()) {
    if (!group && i > 0) break;
    rows.push({
      ...base,
      handle: 'cotton-kurta',
      name: 'Cotton Kurta',
      description: 'A straight-cut kurta in breathable cotton.',
      option1_name: group?.name ?? '',
      option1_value: value,
      sku: group ? `KURTA-${value.toUpperCase().replace(/[^A-Z0-9]/g, '')}` : 'KURTA-001',
      mrp: '1299.00',
      price: '999.00',
      ...stock(5),
    });
  }
  return rows;
}

/** A bulk import job as the API answers it (GET /api/products/imports/{id}) and the page draws it. */
export interface ImportJobJson {
  id: number;
  vendor_id: number;
  vendor_name?: string | null;
  file_name: string;
  file_kind: string;
  /** Photos in the ZIP the sheet came in; null when the sheet was uploaded alone. */
  image_files: number | null;
  file_bytes: number;
  file_hash: string;
  /** 'dry_run' | 'import' */
  phase: string;
  /** 'queued' | 'running' | 'done' | 'failed' */
  status: string;
  error: string | null;
  rows_read: number;
  rows_valid: number;
  rows_error: number;
  created: number;
  updated: number;
  unchanged: number;
  dry_run: { created: number | null; updated: number | null; unchanged: number | null; errors: number | null } | null;
  differences: string | null;
  created_at: string;
  dry_run_finished_at: string | null;
  import_started_at: string | null;
  finished_at: string | null;
  /** The same file imported for this vendor within a day, if it was. */
  duplicate_of?: { id: number; created_at: string } | null;
}

/** What a row of the file came to: the rows table's filter. */
export const IMPORT_ROW_OUTCOMES = ['error', 'created', 'updated', 'unchanged'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** A row of the rows table (`GET /api/products/imports/{id}/rows`). */
export interface ImportRowJson {
  row: number;
  outcome: ImportRowOutcome;
  /** The row's SKU, or its handle on a product's variant-less row. */
  sku: string;
  /** For an error row: what is wrong, per column (none on a row left out because another row of its product has an error). */
  errors?: { column: string; message: string }[];
}
