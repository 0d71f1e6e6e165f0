/**
 * The files the bulk import writes (issue 16 §1): the products export in exactly the import's
 * format (so export → edit → import changes nothing when nothing was edited), the template with two
 * example products and, in the XLSX, a second sheet explaining each column and listing this
 * vendor's brands, categories, taxes, warehouses and option groups, and the error file (the
 * original file with an `errors` column). All are streamed row by row.
 */
import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { brands } from '@/features/brands/brand.tables.ts';
import { categories, subCategories } from '@/features/categories/category.tables.ts';
import { tags } from '@/features/tags/tag.tables.ts';
import { taxes } from '@/features/taxes/tax.tables.ts';
import { returnPolicies } from '@/features/return-policies/return-policy.tables.ts';
import { sizeCharts } from '@/features/size-charts/size-chart.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { productMatrixGroups, productMatrixValues } from '@/features/product-matrices/product-matrix.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { productImages, productOptions, products, productTags, productVariants, productWarehouses } from './product.tables.ts';
import { productImportErrors } from './product-import.tables.ts';
import { ERRORS_COLUMN, headerFor, IMPORT_COLUMNS, STOCK_COLUMN_HELP, STOCK_COLUMN_PREFIX, templateExamples } from './product-import-format.ts';
import { csvRowWriter, readRawRows, xlsxRowWriter, type ImportFileKind, type RowWriter, type XlsxSheet } from './product-import-file.server.ts';
import { fileMoney, imagesCell, type ImportJobRow, type ImportPhase } from './product-import.server.ts';
import { importFilePath } from './product-import-jobs.server.ts';

const CONTENT_TYPES: Record<ImportFileKind, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A download streamed as it is written; a failure half-way cuts the response (the file is incomplete, never wrong). */
export function streamedFile(
  fileName: string,
  kind: ImportFileKind,
  write: (writer: RowWriter) => Promise<void>,
  extraSheets?: () => Promise<XlsxSheet[]>,
): Response {
  const out = new PassThrough();
  const writer = kind === 'csv' ? csvRowWriter(out) : xlsxRowWriter(out, 'Products', extraSheets);
  void (async () => {
    try {
      await write(writer);
      await writer.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return fileResponse(Readable.toWeb(out) as ReadableStream, { type: CONTENT_TYPES[kind], name: fileName });
}

/** The vendor's active warehouses' codes, in order: the file's stock columns. */
export async function stockColumnCodes(db: DbOrTx, vendorId: number): Promise<string[]> {
  const rows = await db
    .select({ code: warehouses.code })
    .from(warehouses)
    .where(and(eq(warehouses.vendorId, vendorId), eq(warehouses.isActive, true)))
    .orderBy(asc(warehouses.code));
  return rows.map((r) => r.code.toUpperCase());
}

/** Products per read while exporting: bounded memory, a few statements per chunk. */
const EXPORT_CHUNK = 500;

/**
 * Writes the given products of one vendor (ids in the order wanted) in the import format: a row per
 * variant, the product's columns on each of its rows, a product without variants as one row with
 * the variant columns blank. The cost is the vendor's own: staff get it blank.
 */
export async function writeProductsForImport(db: DbOrTx, vendorId: number, productIds: readonly number[], writer: RowWriter, staff: boolean): Promise<void> {
  const codes = await stockColumnCodes(db, vendorId);
  const header = headerFor(codes);
  await writer.write(header);
  const codeById = new Map(
    (await db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).where(eq(warehouses.vendorId, vendorId))).map((w) => [
      w.id,
      w.code.toUpperCase(),
    ]),
  );
  const values = new Map(
    (await db.select({ id: productMatrixValues.id, value: productMatrixValues.value }).from(productMatrixValues)).map((v) => [v.id, v.value]),
  );
  const groups = new Map(
    (await db.select({ id: productMatrixGroups.id, name: productMatrixGroups.name }).from(productMatrixGroups)).map((g) => [g.id, g.name]),
  );
  const nameOf = async (rows: Promise<{ id: number; name: string }[]>) => new Map((await rows).map((r) => [r.id, r.name]));
  const [brandNames, categoryNames, subNames, taxNames, policyNames, chartNames, tagNames] = await Promise.all([
    nameOf(db.select({ id: brands.id, name: brands.name }).from(brands)),
    nameOf(db.select({ id: categories.id, name: categories.name }).from(categories)),
    nameOf(db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories)),
    nameOf(db.select({ id: taxes.id, name: taxes.name }).from(taxes)),
    nameOf(db.select({ id: returnPolicies.id, name: returnPolicies.title }).from(returnPolicies)),
    nameOf(db.select({ id: sizeCharts.id, name: sizeCharts.name }).from(sizeCharts)),
    nameOf(db.select({ id: tags.id, name: tags.name }).from(tags)),
  ]);
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const map = new Map<K, T[]>();
    for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
    return map;
  };

  for (let i = 0; i < productIds.length; i += EXPORT_CHUNK) {
    const ids = productIds.slice(i, i + EXPORT_CHUNK);
    const [productRows, variantRows, tagRows, optionRows, imageRows, shipRows] = await Promise.all([
      db
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.vendorId, vendorId))),
      db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.position), asc(productVariants.id)),
      db.select().from(productTags).where(inArray(productTags.productId, ids)),
      db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(asc(productOptions.position)),
      db
        .select({ productId: productImages.productId, path: productImages.path, source: productImages.source })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      db.select().from(productWarehouses).where(inArray(productWarehouses.productId, ids)),
    ]);
    const variantIds = variantRows.map((v) => v.id);
    const levels = variantIds.length
      ? await db
          .select({ variantId: stockLevels.variantId, warehouseId: stockLevels.warehouseId, onHand: stockLevels.onHand })
          .from(stockLevels)
          .where(inArray(stockLevels.variantId, variantIds))
      : [];
    const onHand = new Map(levels.map((l) => [`${l.variantId}:${l.warehouseId}`, l.onHand]));
    const variantsOf = group(variantRows, (v) => v.productId);
    const tagsOf = group(tagRows, (t) => t.productId);
    const optionsOf = group(optionRows, (o) => o.productId);
    const imagesOf = group(imageRows, (r) => r.productId);
    const shipsOf = group(shipRows, (r) => r.productId);
    const byId = new Map(productRows.map((p) => [p.id, p]));
    for (const id of ids) {
      const p = byId.get(id);
      if (!p) continue;
      const options = optionsOf.get(id) ?? [];
      const ships = new Set((shipsOf.get(id) ?? []).map((s) => s.warehouseId));
      const productCells: Record<string, string> = {
        handle: p.slug,
        name: p.name,
        description: p.description,
        brand: p.brandId ? (brandNames.get(p.brandId) ?? '') : '',
        category: p.categoryId ? (categoryNames.get(p.categoryId) ?? '') : '',
        sub_category: p.subCategoryId ? (subNames.get(p.subCategoryId) ?? '') : '',
        tags: (tagsOf.get(id) ?? [])
          .map((t) => tagNames.get(t.tagId) ?? '')
          .filter(Boolean)
          .sort((a, b) => a.localeCompare(b))
          .join(', '),
        tax: p.taxId ? (taxNames.get(p.taxId) ?? '') : '',
        return_policy: p.returnPolicyId ? (policyNames.get(p.returnPolicyId) ?? '') : '',
        size_chart: p.sizeChartId ? (chartNames.get(p.sizeChartId) ?? '') : '',
        status: p.status,
        weight_grams: p.weightGrams?.toString() ?? '',
        length_mm: p.lengthMm?.toString() ?? '',
        width_mm: p.widthMm?.toString() ?? '',
        height_mm: p.heightMm?.toString() ?? '',
        handling_days: String(p.handlingDays),
        images: imagesCell(imagesOf.get(id) ?? []),
      };
      options.forEach((o, k) => (productCells[`option${k + 1}_name`] = groups.get(o.groupId) ?? ''));
      const variants = variantsOf.get(id) ?? [];
      for (const v of variants.length ? variants : [null]) {
        const cells: Record<string, string> = { ...productCells };
        if (v) {
          v.optionValueIds.forEach((valueId, k) => (cells[`option${k + 1}_value`] = values.get(valueId) ?? ''));
          Object.assign(cells, {
            sku: v.sku,
            mrp: fileMoney(v.mrpPaise),
            price: fileMoney(v.pricePaise),
            cost: staff ? '' : fileMoney(v.costPaise),
            barcode: v.barcode ?? '',
            variant_weight_grams: v.weightGrams?.toString() ?? '',
            variant_status: v.status,
          });
          for (const warehouseId of ships) {
            const code = codeById.get(warehouseId);
            if (code) cells[`${STOCK_COLUMN_PREFIX}${code}`] = String(onHand.get(`${v.id}:${warehouseId}`) ?? 0);
          }
        }
        await writer.write(header.map((key) => cells[key] ?? ''));
      }
    }
  }
}

/** The XLSX template's second sheet: each column explained, then what this vendor's names may be. */
async function helpSheet(db: DbOrTx, vendorId: number): Promise<XlsxSheet> {
  const [brandRows, categoryRows, subRows, taxRows, warehouseRows, groupRows, tagRows, policyRows, chartRows] = await Promise.all([
    db.select({ name: brands.name }).from(brands).where(eq(brands.status, 'active')).orderBy(asc(brands.name)),
    db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.status, 'active')).orderBy(asc(categories.name)),
    db
      .select({ categoryId: subCategories.categoryId, name: subCategories.name })
      .from(subCategories)
      .where(eq(subCategories.status, 'active'))
      .orderBy(asc(subCategories.name)),
    db.select({ name: taxes.name, hsn: taxes.hsnCode, rate: taxes.ratePercent }).from(taxes).where(eq(taxes.status, 'active')).orderBy(asc(taxes.name)),
    db
      .select({ code: warehouses.code, name: warehouses.name })
      .from(warehouses)
      .where(and(eq(warehouses.vendorId, vendorId), eq(warehouses.isActive, true)))
      .orderBy(asc(warehouses.code)),
    db
      .select({ id: productMatrixGroups.id, name: productMatrixGroups.name, value: productMatrixValues.value })
      .from(productMatrixGroups)
      .innerJoin(productMatrixValues, eq(productMatrixValues.groupId, productMatrixGroups.id))
      .where(eq(productMatrixGroups.status, 'active'))
      .orderBy(asc(productMatrixGroups.name), asc(productMatrixValues.position), asc(productMatrixValues.id)),
    db.select({ name: tags.name }).from(tags).where(eq(tags.status, 'active')).orderBy(asc(tags.name)),
    db.select({ name: returnPolicies.title }).from(returnPolicies).where(eq(returnPolicies.status, 'active')).orderBy(asc(returnPolicies.title)),
    db.select({ name: sizeCharts.name }).from(sizeCharts).where(eq(sizeCharts.status, 'active')).orderBy(asc(sizeCharts.name)),
  ]);
  const rows: string[][] = [['Column', 'Required', 'What it holds']];
  for (const c of IMPORT_COLUMNS) rows.push([c.key, c.required ? 'yes' : '', c.help]);
  rows.push([`${STOCK_COLUMN_PREFIX}<warehouse code>`, '', STOCK_COLUMN_HELP]);
  rows.push([], ['One row per variant; the rows of one product share its handle and are next to each other. Rows are matched to your saved variants by SKU.']);
  const section = (title: string, head: string[], body: string[][]) => rows.push([], [title], head, ...(body.length ? body : [['(none yet)']]));
  section(
    'Brands',
    ['name'],
    brandRows.map((b) => [b.name]),
  );
  section(
    'Categories and their sub-categories',
    ['category', 'sub-categories'],
    categoryRows.map((c) => [
      c.name,
      subRows
        .filter((s) => s.categoryId === c.id)
        .map((s) => s.name)
        .join(', '),
    ]),
  );
  section(
    'Taxes (GST slabs)',
    ['name', 'HSN code', 'rate %'],
    taxRows.map((t) => [t.name, t.hsn, String(t.rate)]),
  );
  section(
    'Your warehouses (stock columns)',
    ['code', 'name', 'column'],
    warehouseRows.map((w) => [w.code.toUpperCase(), w.name, `${STOCK_COLUMN_PREFIX}${w.code.toUpperCase()}`]),
  );
  const groupNames = [...new Set(groupRows.map((g) => g.name))];
  section(
    'Option groups and their values',
    ['option name', 'values'],
    groupNames.map((name) => [
      name,
      groupRows
        .filter((g) => g.name === name)
        .map((g) => g.value)
        .join(', '),
    ]),
  );
  section(
    'Tags',
    ['name'],
    tagRows.map((t) => [t.name]),
  );
  section(
    'Return policies',
    ['title'],
    policyRows.map((p) => [p.name]),
  );
  section(
    'Size charts',
    ['name'],
    chartRows.map((c) => [c.name]),
  );
  return { name: 'Help', rows };
}

/** The template: the header, two example products named from this vendor's lists, and (XLSX) the help sheet. */
export async function templateResponse(db: DbOrTx, vendorId: number, kind: ImportFileKind): Promise<Response> {
  const codes = await stockColumnCodes(db, vendorId);
  const [category] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.status, 'active'))
    .orderBy(asc(categories.name))
    .limit(1);
  const [sub] = category
    ? await db
        .select({ name: subCategories.name })
        .from(subCategories)
        .where(and(eq(subCategories.categoryId, category.id), eq(subCategories.status, 'active')))
        .orderBy(asc(subCategories.name))
        .limit(1)
    : [];
  const [tax] = await db.select({ name: taxes.name }).from(taxes).where(eq(taxes.status, 'active')).orderBy(asc(taxes.name)).limit(1);
  const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.status, 'active')).orderBy(asc(brands.name)).limit(1);
  const sizeValues = await db
    .select({ group: productMatrixGroups.name, value: productMatrixValues.value })
    .from(productMatrixGroups)
    .innerJoin(productMatrixValues, eq(productMatrixValues.groupId, productMatrixGroups.id))
    .where(eq(productMatrixGroups.status, 'active'))
    .orderBy(asc(productMatrixGroups.name), asc(productMatrixValues.position), asc(productMatrixValues.id));
  const firstGroup = sizeValues[0]?.group;
  const groupValues = sizeValues.filter((v) => v.group === firstGroup).map((v) => v.value);
  const examples = templateExamples(
    {
      category: category?.name ?? 'Apparel',
      ...(sub ? { subCategory: sub.name } : {}),
      tax: tax?.name ?? 'GST 5%',
      ...(brand ? { brand: brand.name } : {}),
      ...(firstGroup && groupValues.length >= 2 ? { optionGroup: { name: firstGroup, values: [groupValues[0]!, groupValues[1]!] as [string, string] } } : {}),
    },
    codes,
  );
  const header = headerFor(codes);
  return streamedFile(
    `products-template.${kind}`,
    kind,
    async (writer) => {
      await writer.write(header);
      for (const row of examples) await writer.write(header.map((key) => row[key] ?? ''));
    },
    () => helpSheet(db, vendorId).then((s) => [s]),
  );
}

/** The error file: the original file, every row, with an `errors` column saying what is wrong with each failed row. */
export function errorFileResponse(db: DbOrTx, job: ImportJobRow): Response {
  const kind = job.fileKind as ImportFileKind;
  const phase: ImportPhase = job.phase === 'import' && job.status === 'done' ? 'import' : 'dry_run';
  const base = job.fileName.replace(/\.(csv|xlsx)$/i, '');
  return streamedFile(`${base}-errors.${kind}`, kind, async (writer) => {
    // The errors in (row, id) order, a page at a time, walked in step with the file's rows.
    let page: { row: number; column: string; message: string; id: number }[] = [];
    let at = 0;
    let exhausted = false;
    const refill = async () => {
      const last = page[page.length - 1];
      page = await db
        .select({ row: productImportErrors.row, column: productImportErrors.column, message: productImportErrors.message, id: productImportErrors.id })
        .from(productImportErrors)
        .where(
          and(
            eq(productImportErrors.jobId, job.id),
            eq(productImportErrors.phase, phase),
            last ? sql`(${productImportErrors.row}, ${productImportErrors.id}) > (${last.row}, ${last.id})` : undefined,
          ),
        )
        .orderBy(asc(productImportErrors.row), asc(productImportErrors.id))
        .limit(5_000);
      at = 0;
      if (!page.length) exhausted = true;
    };
    const errorsFor = async (row: number): Promise<string> => {
      const mine: string[] = [];
      for (;;) {
        if (at >= page.length) {
          if (exhausted) break;
          await refill();
          continue;
        }
        const e = page[at]!;
        if (e.row > row) break;
        if (e.row === row) mine.push(`${e.column}: ${e.message}`);
        at += 1;
      }
      return mine.join(' ');
    };
    let errorsAt = -1;
    let width = 0;
    for await (const { row, cells } of readRawRows(importFilePath(job), kind)) {
      if (row === 1) {
        errorsAt = cells.findIndex((c) => c.trim().toLowerCase() === ERRORS_COLUMN);
        const header = errorsAt >= 0 ? cells : [...cells, ERRORS_COLUMN];
        errorsAt = errorsAt >= 0 ? errorsAt : cells.length;
        width = header.length;
        await writer.write(header);
        continue;
      }
      const out = [...cells];
      while (out.length < width) out.push('');
      out[errorsAt] = await errorsFor(row);
      await writer.write(out);
    }
  });
}
