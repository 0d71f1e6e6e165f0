/**
 * The bulk import's reader and row validator on hand-made files (issue 16 §4): BOM, semicolons,
 * quoted newlines, not UTF-8, a wrong header, an empty file, an XLSX formula, a ZIP bomb, and every
 * kind of row error, with the messages a vendor reads.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { zipOf } from '../helpers/zip.ts';
import { checkZip, fileKindOf, fileRowWriter, readImportRows, type FileRow } from '../../src/features/products/product-import-file.server.ts';
import { describeRowError, headerFor, ImportFileError, readHeader } from '../../src/features/products/product-import-format.ts';
import { ProductRowGrouper, validateProductRows, type ImportLookups } from '../../src/features/products/product-import-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'import-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (content: string | Uint8Array) => {
  const path = join(dir, `f${++n}`);
  writeFileSync(path, content);
  return path;
};
async function rows(path: string, kind: 'csv' | 'xlsx' = 'csv'): Promise<FileRow[]> {
  const out: FileRow[] = [];
  for await (const r of readImportRows(path, kind)) out.push(r);
  return out;
}
async function fileError(path: string, kind: 'csv' | 'xlsx' = 'csv'): Promise<string> {
  try {
    await rows(path, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

const HEADER = 'handle,name,category,tax,sku,mrp,price';

describe('reading CSV', () => {
  it('reads UTF-8 with a BOM, CRLF lines and quoted fields holding newlines and commas', async () => {
    const path = file(`\uFEFF${HEADER},description\r\nkurta,"Kurta, Indigo",Apparel,GST 5%,K-1,1299.00,999.00,"Line one\r\nline two"\r\n`);
    const read = await rows(path);
    expect(read).toHaveLength(1);
    expect(read[0]!.row).toBe(2);
    expect(read[0]!.cells).toMatchObject({ handle: 'kurta', name: 'Kurta, Indigo', description: 'Line one\r\nline two' });
  });

  it('reads a file of many chunks whole (a header found in the first chunk, the rest after it)', async () => {
    const body = Array.from({ length: 6000 }, (_, i) => `p-${i},"Product ${i}, with a ""quote""",C,T,P-${i},100.00,90.00`).join('\r\n');
    const path = file(`${HEADER}\r\n${body}\r\n`);
    const read = await rows(path);
    expect(read).toHaveLength(6000);
    expect(read[5999]!.cells).toMatchObject({ handle: 'p-5999', name: 'Product 5999, with a "quote"' });
  });

  it('reads semicolon-separated files (European Excel), with commas inside values', async () => {
    const path = file(`handle;name;category;tax;sku;mrp;price\nsaree;Saree, silk;Apparel;GST 5%;S-1;2,499.00;1,999.00\n`);
    const read = await rows(path);
    expect(read[0]!.cells).toMatchObject({ name: 'Saree, silk', mrp: '2,499.00', price: '1,999.00' });
  });

  it('counts rows as a spreadsheet does: a quoted newline does not add a row, a blank row keeps its number', async () => {
    const path = file(`${HEADER},description\na,A,C,T,A-1,1,1,"two\nlines"\n\nb,B,C,T,B-1,1,1,x\n`);
    expect((await rows(path)).map((r) => r.row)).toEqual([2, 4]);
  });

  it('reads back what its own CSV writer wrote: BOM, quotes, newlines, and the formula escape taken off again', async () => {
    const path = join(dir, 'written.csv');
    const writer = fileRowWriter(path, 'csv');
    await writer.write(['handle', 'name', 'category', 'tax', 'sku', 'mrp', 'price', 'description']);
    await writer.write(['kurta', '=HYPERLINK("x")', 'Apparel', 'GST 5%', 'K-1', '1299.00', '999.00', '- item one\n- item "two", too']);
    await writer.end();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('\uFEFFhandle,')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await rows(path))[0]!.cells).toMatchObject({ name: '=HYPERLINK("x")', description: '- item one\n- item "two", too' });
  });

  it('takes the export’s formula escape off (=, +, -, @)', async () => {
    const path = file(`${HEADER},description\na,'=Kurta,C,T,A-1,1,1,'- a list item\n`);
    expect((await rows(path))[0]!.cells).toMatchObject({ name: '=Kurta', description: '- a list item' });
  });

  it('refuses a file that is not UTF-8, saying how to save it', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nkurta,Caf`), Buffer.from([0xe9]), Buffer.from(',C,T,K,1,1\n')]);
    expect(await fileError(file(latin1))).toMatch(/not UTF-8.*CSV UTF-8/);
  });

  it('refuses an empty file and a file of blank lines', async () => {
    expect(await fileError(file(''))).toMatch(/empty/);
    expect(await fileError(file('\uFEFF'))).toMatch(/empty/);
    expect(await fileError(file(',,,\n'))).toMatch(/empty/);
  });

  it('refuses a wrong header: unknown columns, a missing required one, a column twice', async () => {
    expect(await fileError(file(`${HEADER},colour\n`))).toMatch(/doesn’t know: “colour”/);
    expect(await fileError(file('handle,name,category,tax,sku,mrp\n'))).toMatch(/no price column/);
    expect(await fileError(file(`${HEADER},SKU\n`))).toMatch(/“sku” twice/);
  });

  it('reads the error file’s own column as nothing, and header names in any case or spacing', () => {
    const header = readHeader(['Handle', 'Name', 'category', 'TAX', 'sku', 'MRP', 'Price', 'Sub Category', 'stock:dfh-blr', 'errors']);
    expect(header.keys).toEqual(['handle', 'name', 'category', 'tax', 'sku', 'mrp', 'price', 'sub_category', 'stock:DFH-BLR', '']);
    expect(header.stockCodes).toEqual(['DFH-BLR']);
  });

  it('refuses an unclosed quote with the line', async () => {
    expect(await fileError(file(`${HEADER}\na,"A,C,T,A-1,1,1\n`))).toMatch(/can’t be read.*quote/);
  });

  it('tells a CSV from an XLSX by its bytes', () => {
    expect(fileKindOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe('xlsx');
    expect(fileKindOf(new TextEncoder().encode('handle,'))).toBe('csv');
  });
});

describe('reading XLSX', () => {
  it('reads values, numbers as digits, and refuses formulas naming the cell (never evaluating them)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Products');
    ws.addRow(['handle', 'name', 'category', 'tax', 'sku', 'mrp', 'price', 'barcode']);
    ws.addRow(['kurta', 'Kurta', 'Apparel', 'GST 5%', 'K-1', 1299, { formula: 'F2*0.8', result: 1039.2 }, '8901030865275']);
    ws.addRow(['saree', 'Saree', 'Apparel', 'GST 5%', 'S-1', 2499.5, 1999, 8901030865275]);
    const path = join(dir, 'formula.xlsx');
    await wb.xlsx.writeFile(path);
    const read = await rows(path, 'xlsx');
    expect(read[0]!.formulas).toEqual(['price']);
    expect(read[0]!.cells.mrp).toBe('1299');
    expect(read[1]!.cells).toMatchObject({ mrp: '2499.5', price: '1999', barcode: '8901030865275' });
  });

  it('reads back what its own streaming writer wrote (the export and the error file), text that looks like a formula included', async () => {
    const path = join(dir, 'written.xlsx');
    const writer = fileRowWriter(path, 'xlsx', 'Products', async () => [{ name: 'Help', rows: [['Column', 'What it holds']] }]);
    await writer.write(['handle', 'name', 'category', 'tax', 'sku', 'mrp', 'price', 'description']);
    await writer.write(['kurta', '=1+1', 'Apparel', 'GST 5%', 'K-1', '1299.00', '999.00', 'Line one\nline two']);
    await writer.write(['saree', 'Saree', 'Apparel', 'GST 5%', 'S-1', '2499.00', '1999.00', '']);
    await writer.end();
    const read = await rows(path, 'xlsx');
    expect(read.map((r) => r.cells)).toEqual([
      { handle: 'kurta', name: '=1+1', category: 'Apparel', tax: 'GST 5%', sku: 'K-1', mrp: '1299.00', price: '999.00', description: 'Line one\nline two' },
      { handle: 'saree', name: 'Saree', category: 'Apparel', tax: 'GST 5%', sku: 'S-1', mrp: '2499.00', price: '1999.00', description: '' },
    ]);
    expect(read[0]!.formulas).toBeUndefined();
  });

  it('refuses a ZIP bomb before inflating it, and a file that is not a ZIP', async () => {
    // One entry of 8 MB of zeros (a few KB compressed), against a 1 MB limit.
    const data = Buffer.alloc(8 * 1024 * 1024);
    const path = file(zipOf([{ name: 'xl/worksheets/sheet1.xml', data }]));
    await expect(checkZip(path, { maxEntries: 100, maxTotalBytes: 1024 * 1024 })).rejects.toThrow(/ZIP bomb/);
    // The same entry lying about its size: yauzl counts what really inflates.
    const liar = file(zipOf([{ name: 'a.xml', data, claimedSize: 10 }]));
    await expect(checkZip(liar, { maxEntries: 100, maxTotalBytes: 1024 * 1024 })).rejects.toThrow(ImportFileError);
    await expect(
      checkZip(file(zipOf(Array.from({ length: 20 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('x') })))), { maxEntries: 10, maxTotalBytes: 1e9 }),
    ).rejects.toThrow(/parts/);
    await expect(checkZip(file('not a zip'), { maxEntries: 10, maxTotalBytes: 1e9 })).rejects.toThrow(/not a valid XLSX/);
  });
});

const named = (entries: [string, number][]) => new Map(entries.map(([name, id]) => [name.toLowerCase(), { id, name }]));
const lookups: ImportLookups = {
  brands: named([['Indigo Loom', 1]]),
  categories: named([
    ['Apparel', 10],
    ['Home', 11],
  ]),
  subCategories: new Map([['10:kurtas', { id: 100, name: 'Kurtas' }]]),
  tags: new Map([
    ['handloom', { id: 5, name: 'Handloom', active: true }],
    ['old', { id: 6, name: 'Old', active: false }],
  ]),
  taxes: new Map([
    ['gst 5%', { id: 20, name: 'GST 5%' }],
    ['6204', { id: 20, name: 'GST 5%' }],
    ['6302', null],
  ]),
  returnPolicies: new Map([
    ['7 days', { id: 30, name: '7 days', brandId: null }],
    ['loom only', { id: 31, name: 'Loom only', brandId: 2 }],
  ]),
  sizeCharts: named([['Kurta sizes', 40]]),
  optionGroups: new Map([
    [
      'size',
      {
        id: 50,
        name: 'Size',
        values: new Map([
          ['s', { id: 51, value: 'S', position: 0 }],
          ['m', { id: 52, value: 'M', position: 1 }],
        ]),
      },
    ],
  ]),
  warehouses: new Map([
    ['DFH-BLR', { id: 60, name: 'Bengaluru', code: 'DFH-BLR', active: true }],
    ['DFH-OLD', { id: 61, name: 'Old', code: 'DFH-OLD', active: false }],
  ]),
  staff: false,
};
const base = { handle: 'kurta', name: 'Kurta', category: 'Apparel', tax: 'GST 5%', sku: 'K-1', mrp: '1299.00', price: '999.00' };
const columns = new Set([...headerFor(['DFH-BLR', 'DFH-OLD', 'NOPE'])]);
const validate = (...cells: Record<string, string>[]) =>
  validateProductRows(
    cells.map((c, i) => ({ row: i + 2, cells: c })),
    lookups,
    columns,
  );
const messages = (...cells: Record<string, string>[]) => validate(...cells).errors.map(describeRowError);

describe('validating rows', () => {
  it('turns a good product into names resolved to ids, money into paise, stock per warehouse', () => {
    const { product, errors } = validate(
      {
        ...base,
        brand: 'indigo loom',
        sub_category: 'Kurtas',
        tags: 'Handloom',
        tax: '6204',
        option1_name: 'Size',
        option1_value: 'S',
        'stock:DFH-BLR': '7',
        return_policy: '7 days',
        size_chart: 'Kurta sizes',
      },
      { ...base, name: '', tax: '', option1_value: 'm', sku: 'k-2', mrp: '1,299.50', price: '₹1,000' },
    );
    expect(errors).toEqual([]);
    expect(product).toMatchObject({
      handle: 'kurta',
      brandId: 1,
      subCategoryId: 100,
      tagIds: [5],
      taxId: 20,
      returnPolicyId: 30,
      sizeChartId: 40,
      optionGroupIds: [50],
      shipsFrom: [60],
    });
    expect(product!.variants.map((v) => [v.sku, v.optionValueIds, v.mrp, v.price])).toEqual([
      ['K-1', [51], 129900, 99900],
      ['K-2', [52], 129950, 100000],
    ]);
    expect(product!.variants[0]!.stock.get(60)).toBe(7);
  });

  it('says a price above the MRP the way a vendor reads it', () => {
    const { errors } = validateProductRows([{ row: 1204, cells: { ...base, price: '1,499.00' } }], lookups, columns);
    expect(errors.map(describeRowError)).toEqual(['Row 1,204, column price: 1,499.00 is above the MRP 1,299.00.']);
  });

  it('names every kind of row error with its column', () => {
    const errors = messages({
      handle: 'Bad Handle!',
      name: 'x'.repeat(201),
      category: 'Toys',
      tax: '',
      sku: '--',
      mrp: '0',
      price: '12.345',
      barcode: '8901030865276',
      brand: 'Nobody',
      tags: 'Old, Unknown',
      status: 'live',
      weight_grams: '0',
      handling_days: '45',
      variant_status: 'gone',
      return_policy: 'Loom only',
      option2_name: 'Size',
      'stock:DFH-OLD': '3',
      'stock:NOPE': '1',
      cost: 'abc',
    });
    const text = errors.join('\n');
    for (const expected of [
      'column handle: “bad handle!” is not a handle',
      'column name: The name has 201 characters; at most 200.',
      'column category: There is no category called “Toys”',
      'column tax: Enter the GST slab',
      'column sku: “--”: Use 1–40 letters',
      'column mrp: The MRP must be more than 0.00.',
      'column price: 12.345 is not an amount in rupees',
      'column barcode: 8901030865276: Enter an EAN-13',
      'column brand: There is no brand called “Nobody”',
      'column tags: There is no tag called “Unknown”',
      'column status: “live” is not a status',
      'column weight_grams: 0 is not a whole number of grams from 1 to 1,00,000.',
      'column handling_days: 45 is not a whole number of days from 0 to 30.',
      'column variant_status: “gone” is not a variant status',
      'column return_policy: “Loom only” is another brand’s own return policy.',
      'column option2_name: Option 2 is named but option 1 isn’t',
      'column stock:DFH-OLD: The warehouse DFH-OLD is inactive',
      'column stock:NOPE: You have no warehouse with the code NOPE.',
      'column cost: abc is not an amount in rupees',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('checks the rows of one product against each other', () => {
    const text = messages(
      { ...base, option1_name: 'Size', option1_value: 'S' },
      { ...base, name: 'Another name', option1_value: 'S', sku: 'K-1' },
      { ...base, option1_value: 'XL', sku: 'K-3' },
      { ...base, option1_value: '', sku: 'K-4', option2_value: 'Red' },
    ).join('\n');
    expect(text).toContain('Row 3, column name: “Another name” differs from row 2 (“Kurta”)');
    expect(text).toContain('Row 3, column sku: SKU K-1 is also on row 2.');
    expect(text).toContain('Row 3, column option1_value: Row 2 has the same options.');
    expect(text).toContain('Row 4, column option1_value: “XL” is not one of Size’s values.');
    expect(text).toContain('Row 5, column option1_value: Enter this variant’s Size.');
    expect(text).toContain('Row 5, column option2_value: This product has no option 2');
  });

  it('refuses several rows for a product without options, and staff setting a cost', () => {
    expect(messages(base, { ...base, sku: 'K-2' }).join()).toMatch(/has 2 rows but no option names/);
    const staff = validateProductRows([{ row: 2, cells: { ...base, cost: '100' } }], { ...lookups, staff: true }, columns);
    expect(staff.errors.map(describeRowError)).toEqual(['Row 2, column cost: Only the vendor sets the cost price: leave this column blank.']);
  });

  it('reads a product’s only row with every variant column blank as a product without variants (a draft before pricing)', () => {
    const { product, errors } = validate({ handle: 'draft-kurta', name: 'Draft kurta', category: 'Apparel', tax: 'GST 5%' });
    expect(errors).toEqual([]);
    expect(product).toMatchObject({ variants: [], shipsFrom: null });
  });

  it('passes an inactive tag on, marked, for the engine to allow only where the product already has it', () => {
    const { product } = validate({ ...base, tags: 'Old, Handloom' });
    expect(product).toMatchObject({ tagIds: [6, 5], inactiveTags: [{ id: 6, name: 'Old' }] });
  });

  it('an ambiguous HSN code asks for the tax’s name', () => {
    expect(messages({ ...base, tax: '6302' })).toEqual(['Row 2, column tax: Several taxes have the HSN code 6302: give the tax’s name instead.']);
  });
});

describe('grouping rows into products', () => {
  it('groups consecutive rows by handle and refuses a handle that comes back later', () => {
    const g = new ProductRowGrouper();
    const r = (row: number, handle: string) => ({ row, cells: { handle } });
    expect(g.push(r(2, 'a')).groups).toEqual([]);
    expect(g.push(r(3, 'A')).groups).toEqual([]);
    expect(g.push(r(4, 'b')).groups).toEqual([[r(2, 'a'), r(3, 'A')]]);
    expect(g.push(r(5, 'a')).error?.message).toMatch(/must be next to each other/);
    expect(g.push(r(6, '')).groups).toEqual([[r(4, 'b')], [r(6, '')]]);
    expect(g.push(r(7, 'c')).groups).toEqual([]);
    expect(g.end()).toEqual([r(7, 'c')]);
  });
});
