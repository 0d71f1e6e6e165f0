/**
 * The bulk import's engine (issue 16 §2): reads a job's file row by row, checks each product's rows
 * (product-import-rows.ts), compares them with the vendor's catalogue, and either counts what would
 * happen (the dry run: nothing written) or writes it (the import), a batch of whole products per
 * transaction. The job's progress and its row errors are written in the batch's own transaction, so
 * a job stopped anywhere resumes after its last committed batch and imports every row exactly once.
 *
 * Upserts by SKU within the job's vendor; products are matched by handle (their slug). A product with
 * any error is left as it is, every row of it, so a failed row never leaves half a product.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@/lib/db/client.server.ts';
import { insertJsonRows } from '@/lib/db/json-rows.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import { logActivity } from '@/lib/activity/activity.server.ts';
import { brands } from '@/features/brands/brand.tables.ts';
import { categories, subCategories } from '@/features/categories/category.tables.ts';
import { tags } from '@/features/tags/tag.tables.ts';
import { taxes } from '@/features/taxes/tax.tables.ts';
import { returnPolicies } from '@/features/return-policies/return-policy.tables.ts';
import { sizeCharts } from '@/features/size-charts/size-chart.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { productMatrixGroups, productMatrixValues } from '@/features/product-matrices/product-matrix.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { productImages, productOptions, products, productStatusEvents, productTags, productVariants, productWarehouses } from './product.tables.ts';
import { productImportErrors, productImportJobs, productImportOutcomes } from './product-import.tables.ts';
import { refreshProductSummary } from './product-summary.server.ts';
import { sendContentChangeToReview } from './product-review.service.server.ts';
import { PRODUCT_TRANSITIONS } from './product-transitions.ts';
import { productStatusLabel, type ProductStatus } from './product-status.ts';
import { normaliseSku } from './variants.ts';
import { paiseToRupeesText } from '@/lib/money/paise.ts';
import { formatCount, ImportFileError, MAX_IMPORT_ROWS, type ImportRecord, type ImportRowError, type ImportRowOutcome } from './product-import-format.ts';
import { ProductRowGrouper, validateProductRows, type ImportLookups, type ImportProduct, type ImportVariant } from './product-import-rows.ts';
import { readImportRows, type FileRow, type ImportFileKind } from './product-import-file.server.ts';
import { isSavedImagePath, namesSavedImage, type ImportImages, type PreparedImage } from './product-import-images.server.ts';
import { looksLikeUrl } from '@/lib/uploads/image-url.ts';

export type ImportJobRow = typeof productImportJobs.$inferSelect;
export type ImportPhase = 'dry_run' | 'import';

/** One stock change an import makes to a saved variant's level (a correction), through the stock core. */
export interface ImportStockChange {
  variantId: number;
  warehouseId: number;
  delta: number;
  actorUserId: number | null;
  /** The ledger row's note: which import moved it. */
  note: string;
}
/**
 * The stock core's writes, passed in by the app (features don't import each other): opening stock of
 * the variants a batch created, all at once, and a correction per saved level that changed.
 */
export interface ImportStockWriter {
  open(tx: DbOrTx, lines: { variantId: number; warehouseId: number; quantity: number }[], who: { actorUserId: number | null; note: string }): Promise<void>;
  correct(tx: DbOrTx, change: ImportStockChange): Promise<void>;
}

/** Rows per batch (whole products, so a batch may run over): one transaction each. */
export const IMPORT_BATCH_ROWS = 500;

/** The names a file may use, for one vendor: read once per job. */
export async function loadLookups(db: DbOrTx, vendorId: number, staff: boolean): Promise<ImportLookups> {
  const [brandRows, categoryRows, subRows, tagRows, taxRows, policyRows, chartRows, groupRows, warehouseRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId }).from(subCategories),
    db.select({ id: tags.id, name: tags.name, status: tags.status }).from(tags),
    db.select({ id: taxes.id, name: taxes.name, hsn: taxes.hsnCode }).from(taxes),
    db.select({ id: returnPolicies.id, name: returnPolicies.title, brandId: returnPolicies.brandId }).from(returnPolicies),
    db.select({ id: sizeCharts.id, name: sizeCharts.name }).from(sizeCharts),
    db
      .select({
        id: productMatrixGroups.id,
        name: productMatrixGroups.name,
        valueId: productMatrixValues.id,
        value: productMatrixValues.value,
        position: productMatrixValues.position,
      })
      .from(productMatrixGroups)
      .innerJoin(productMatrixValues, eq(productMatrixValues.groupId, productMatrixGroups.id))
      .where(eq(productMatrixGroups.status, 'active'))
      .orderBy(asc(productMatrixValues.position), asc(productMatrixValues.id)),
    db
      .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code, active: warehouses.isActive })
      .from(warehouses)
      .where(eq(warehouses.vendorId, vendorId)),
  ]);
  const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
  const taxMap = new Map<string, { id: number; name: string } | null>();
  for (const t of taxRows) taxMap.set(t.name.trim().toLowerCase(), { id: t.id, name: t.name });
  for (const t of taxRows) {
    const key = t.hsn.trim().toLowerCase();
    if (taxMap.has(key) && taxMap.get(key)?.id !== t.id && !taxRows.some((o) => o.name.trim().toLowerCase() === key)) taxMap.set(key, null);
    else if (!taxMap.has(key)) taxMap.set(key, { id: t.id, name: t.name });
  }
  const groups: ImportLookups['optionGroups'] = new Map();
  groupRows.forEach((r, index) => {
    const key = r.name.trim().toLowerCase();
    const group = groups.get(key) ?? { id: r.id, name: r.name, values: new Map() };
    if (!group.values.has(r.value.trim().toLowerCase())) group.values.set(r.value.trim().toLowerCase(), { id: r.valueId, value: r.value, position: index });
    groups.set(key, group);
  });
  return {
    brands: byName(brandRows),
    categories: byName(categoryRows),
    subCategories: new Map(subRows.map((s) => [`${s.categoryId}:${s.name.trim().toLowerCase()}`, { id: s.id, name: s.name }])),
    tags: new Map(tagRows.map((t) => [t.name.trim().toLowerCase(), { id: t.id, name: t.name, active: t.status === 'active' }])),
    taxes: taxMap,
    returnPolicies: byName(policyRows),
    sizeCharts: byName(chartRows),
    optionGroups: groups,
    warehouses: new Map(warehouseRows.map((w) => [w.code.trim().toUpperCase(), { ...w }])),
    staff,
  };
}

/** The images as the export writes them: each by where the import took it from, else by its path; in order. */
export const imagesCell = (images: readonly { path: string; source: string | null }[]) => images.map((i) => i.source ?? i.path).join(', ');

/** A product's saved image, as the import compares and keeps it. */
export interface SavedImage {
  id: number;
  path: string;
  source: string | null;
  position: number;
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect & { productSlug: string; productName: string };

interface Existing {
  products: Map<string, ProductRow>;
  variants: Map<string, VariantRow>;
  tags: Map<number, number[]>;
  options: Map<number, { groupId: number; valueIds: number[] }[]>;
  shipsFrom: Map<number, number[]>;
  images: Map<number, SavedImage[]>;
  /** `${variantId}:${warehouseId}` → on hand, reserved */
  levels: Map<string, { onHand: number; reserved: number }>;
  variantCounts: Map<number, number>;
  maxPositions: Map<number, number>;
}

async function loadExisting(db: DbOrTx, vendorId: number, handles: string[], skus: string[]): Promise<Existing> {
  const productRows = handles.length
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.vendorId, vendorId), inArray(sql`lower(${products.slug})`, handles)))
    : [];
  const variantRows = skus.length
    ? await db
        .select({ v: productVariants, productSlug: products.slug, productName: products.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.sku, skus)))
    : [];
  const ids = productRows.map((p) => p.id);
  const variantIds = variantRows.map((r) => r.v.id);
  const [tagRows, optionRows, shipRows, imageRows, levelRows, countRows] = ids.length
    ? await Promise.all([
        db.select().from(productTags).where(inArray(productTags.productId, ids)).orderBy(asc(productTags.tagId)),
        db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(asc(productOptions.position)),
        db.select().from(productWarehouses).where(inArray(productWarehouses.productId, ids)),
        db
          .select({
            productId: productImages.productId,
            id: productImages.id,
            path: productImages.path,
            source: productImages.source,
            position: productImages.position,
          })
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(asc(productImages.position), asc(productImages.id)),
        variantIds.length
          ? db
              .select({ variantId: stockLevels.variantId, warehouseId: stockLevels.warehouseId, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
              .from(stockLevels)
              .where(inArray(stockLevels.variantId, variantIds))
          : Promise.resolve([]),
        db
          .select({ productId: productVariants.productId, count: sql<number>`count(*)::int`, max: sql<number>`max(${productVariants.position})::int` })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
          .groupBy(productVariants.productId),
      ])
    : [[], [], [], [], [], []];
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);
  const existing: Existing = {
    products: new Map(productRows.map((p) => [p.slug.toLowerCase(), p])),
    variants: new Map(variantRows.map((r) => [r.v.sku, { ...r.v, productSlug: r.productSlug, productName: r.productName }])),
    tags: new Map(),
    options: new Map(),
    shipsFrom: new Map(),
    images: new Map(),
    levels: new Map(levelRows.map((l) => [`${l.variantId}:${l.warehouseId}`, { onHand: l.onHand, reserved: l.reserved }])),
    variantCounts: new Map(countRows.map((c) => [c.productId, Number(c.count)])),
    maxPositions: new Map(countRows.map((c) => [c.productId, Number(c.max)])),
  };
  for (const t of tagRows) push(existing.tags, t.productId, t.tagId);
  for (const o of optionRows) push(existing.options, o.productId, { groupId: o.groupId, valueIds: o.valueIds });
  for (const w of shipRows) push(existing.shipsFrom, w.productId, w.warehouseId);
  for (const { productId, ...image } of imageRows) push(existing.images, productId, image);
  return existing;
}

type RowOutcome = 'created' | 'updated' | 'unchanged';

type WrittenImage = Extract<PreparedImage, { path: string }>;
interface ImagesPlan {
  /** In the file's order: a saved image kept, or a photo added (not yet fetched in a dry run). */
  order: ({ keep: SavedImage } | { add: WrittenImage | null })[];
  removed: SavedImage[];
}

interface VariantPlan {
  input: ImportVariant;
  existing?: VariantRow;
  changes: Partial<typeof productVariants.$inferInsert>;
  stock: { warehouseId: number; delta: number }[];
  outcome: RowOutcome;
}

interface ProductPlan {
  product: ImportProduct;
  existing?: ProductRow;
  changes: Partial<typeof products.$inferInsert>;
  tagsChanged: boolean;
  shipsFromChanged: boolean;
  options: { groupId: number; valueIds: number[] }[];
  optionsChanged: boolean;
  statusMove?: { from: ProductStatus | null; to: ProductStatus };
  /** The product's images as the file lists them; null: left as they are. */
  images: ImagesPlan | null;
  variants: VariantPlan[];
  /** The product as a whole: a product without variants in the file counts as its one row. */
  outcome: RowOutcome;
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sortedNumbers = (a: readonly number[]) => [...a].sort((x, y) => x - y);

interface PlanContext {
  vendorActive: boolean;
  /** valueId → its position in its group (the order product_options keeps values in). */
  valuePositions: Map<number, number>;
  warehouseCodes: Map<number, string>;
  /** Where the images column's photos come from (the ZIP, URLs). */
  images: Pick<ImportImages, 'find'>;
  /** The import's photos, written before its batch (key: `imageKey`); null in a dry run. */
  prepared: Map<string, PreparedImage> | null;
  /** Ids taken for new products the batch gives photos, by handle. */
  reservedIds: Map<string, number>;
}

const imageKey = (handle: string, entry: string) => `${handle}\n${entry}`;

/** What the images column asks of one product: the images it keeps, adds and drops, or the problems. */
function planImages(p: ImportProduct, saved: ProductRow | undefined, existing: Existing, ctx: PlanContext, errors: ImportRowError[]): ImagesPlan | null {
  if (!p.images) return null;
  const first = p.rows[0]!;
  const savedImages = saved ? (existing.images.get(saved.id) ?? []) : [];
  const productId = saved?.id ?? ctx.reservedIds.get(p.handle);
  const order: ImagesPlan['order'] = [];
  p.images.forEach((entry, i) => {
    const fail = (problem: string) => errors.push({ row: first, column: 'images', message: `Image ${i + 1} (${entry}): ${problem}.` });
    const keep = savedImages.find((image) => namesSavedImage(entry, image));
    if (keep) return order.push({ keep });
    if (isSavedImagePath(entry)) return fail('this is not an image of this product');
    if (!looksLikeUrl(entry)) {
      const { problem } = ctx.images.find(entry);
      if (problem) return fail(problem);
    }
    if (!ctx.prepared) return order.push({ add: null });
    const prepared = ctx.prepared.get(imageKey(p.handle, entry));
    if (!prepared) return fail('the product changed while the file was imported; import the file again');
    if ('error' in prepared) return fail(prepared.error);
    if (prepared.productId !== productId) return fail('the product changed while the file was imported; import the file again');
    order.push({ add: prepared });
  });
  const unchanged = order.length === savedImages.length && order.every((o, k) => 'keep' in o && o.keep.id === savedImages[k]!.id);
  if (unchanged) return null;
  const kept = new Set(order.flatMap((o) => ('keep' in o ? [o.keep.id] : [])));
  return { order, removed: savedImages.filter((image) => !kept.has(image.id)) };
}

/** What one valid product of the file would change, or the errors that keep it as it is. */
function planProduct(p: ImportProduct, existing: Existing, ctx: PlanContext): { plan?: ProductPlan; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const first = p.rows[0]!;
  const saved = existing.products.get(p.handle);

  for (const v of p.variants) {
    const other = existing.variants.get(v.sku);
    if (other && other.productId !== saved?.id)
      errors.push({
        row: v.row,
        column: 'sku',
        message: `SKU ${v.sku} is on your product “${other.productName}” (handle ${other.productSlug}): a SKU can’t move to another product.`,
      });
  }

  // Status: a new product starts as a draft or is submitted; a saved one moves as its owner may move it.
  let statusMove: ProductPlan['statusMove'];
  const current = (saved?.status ?? null) as ProductStatus | null;
  if (p.status && p.status !== current) {
    if (!saved) {
      if (p.status !== 'draft' && p.status !== 'pending_review')
        errors.push({
          row: first,
          column: 'status',
          message: `A new product starts as draft, or pending_review to submit it for review; “${p.status}” comes after review.`,
        });
      else statusMove = { from: null, to: p.status };
    } else {
      const rule = Object.values(PRODUCT_TRANSITIONS).find((r) => r.by === 'owner' && r.to === p.status && r.from.includes(current!));
      if (!rule)
        errors.push({
          row: first,
          column: 'status',
          message: `A product can’t move from ${productStatusLabel(current!)} to ${productStatusLabel(p.status)} here${p.status === 'active' ? ': products go live through review' : ''}.`,
        });
      else statusMove = { from: current, to: p.status };
    }
    if (statusMove && (statusMove.to === 'pending_review' || statusMove.to === 'active') && !ctx.vendorActive)
      errors.push({ row: first, column: 'status', message: 'The store is not active, so its products can’t be submitted or put on sale.' });
    if (statusMove?.to === 'pending_review' && !p.variants.some((v) => v.price > 0 && v.status !== 'inactive'))
      errors.push({ row: first, column: 'status', message: 'A product is submitted for review with at least one active variant priced above 0.00.' });
  }

  const savedTags = saved ? (existing.tags.get(saved.id) ?? []) : [];
  for (const tag of p.inactiveTags) {
    if (!savedTags.includes(tag.id)) errors.push({ row: first, column: 'tags', message: `The tag “${tag.name}” is inactive, so it can’t be added.` });
  }

  // Options: a saved product with variants keeps its option groups (change them on its pricing page).
  const savedOptions = saved ? (existing.options.get(saved.id) ?? []) : [];
  const savedGroups = savedOptions.map((o) => o.groupId);
  if (saved && (existing.variantCounts.get(saved.id) ?? 0) > 0 && !sameList(savedGroups, p.optionGroupIds)) {
    errors.push({
      row: first,
      column: 'option1_name',
      message: `The product’s variants vary by ${savedGroups.length ? `${savedGroups.length} option group${savedGroups.length === 1 ? '' : 's'}` : 'no options'} and the file names ${p.optionGroupIds.length || 'none'}: change a product’s option groups on its pricing page.`,
    });
  }
  const images = planImages(p, saved, existing, ctx, errors);

  const variants: VariantPlan[] = [];
  for (const v of p.variants) {
    const ev = existing.variants.get(v.sku);
    const stock: VariantPlan['stock'] = [];
    for (const [warehouseId, quantity] of v.stock) {
      const level = ev ? existing.levels.get(`${ev.id}:${warehouseId}`) : undefined;
      const onHand = level?.onHand ?? 0;
      if (level && quantity < level.reserved) {
        errors.push({
          row: v.row,
          column: `stock:${ctx.warehouseCodes.get(warehouseId) ?? warehouseId}`,
          message: `${formatCount(quantity)} on hand is fewer than the ${formatCount(level.reserved)} reserved for orders.`,
        });
      }
      if (quantity !== onHand) stock.push({ warehouseId, delta: quantity - onHand });
    }
    if (!ev) {
      variants.push({ input: v, changes: {}, stock, outcome: 'created' });
      continue;
    }
    const changes: VariantPlan['changes'] = {};
    if (!sameList(ev.optionValueIds, v.optionValueIds)) changes.optionValueIds = v.optionValueIds;
    if (ev.mrpPaise !== v.mrp) changes.mrpPaise = v.mrp;
    if (ev.pricePaise !== v.price) changes.pricePaise = v.price;
    if (v.cost !== undefined && (ev.costPaise ?? null) !== v.cost) changes.costPaise = v.cost;
    if ((ev.barcode ?? null) !== v.barcode) changes.barcode = v.barcode;
    if ((ev.weightGrams ?? null) !== v.weightGrams) changes.weightGrams = v.weightGrams;
    if (v.status && ev.status !== v.status) changes.status = v.status;
    variants.push({ input: v, existing: ev, changes, stock, outcome: Object.keys(changes).length || stock.length ? 'updated' : 'unchanged' });
  }
  if (errors.length) return { errors };

  // The option values the product uses: the saved ones and the file's, in each group's order.
  const options = p.optionGroupIds.map((groupId, k) => {
    const values = new Set([...(savedOptions.find((o) => o.groupId === groupId)?.valueIds ?? []), ...p.variants.map((v) => v.optionValueIds[k]!)]);
    return { groupId, valueIds: [...values].sort((a, b) => (ctx.valuePositions.get(a) ?? 0) - (ctx.valuePositions.get(b) ?? 0)) };
  });
  const optionsChanged =
    !saved ||
    options.length !== savedOptions.length ||
    options.some((o, k) => o.groupId !== savedOptions[k]?.groupId || !sameList(o.valueIds, savedOptions[k]!.valueIds));

  const fields: Partial<typeof products.$inferInsert> = {
    name: p.name,
    description: p.description,
    brandId: p.brandId,
    categoryId: p.categoryId,
    subCategoryId: p.subCategoryId,
    taxId: p.taxId,
    returnPolicyId: p.returnPolicyId,
    sizeChartId: p.sizeChartId,
    weightGrams: p.weightGrams,
    lengthMm: p.lengthMm,
    widthMm: p.widthMm,
    heightMm: p.heightMm,
    ...(p.handlingDays !== null ? { handlingDays: p.handlingDays } : {}),
  };
  const changes: Partial<typeof products.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
    if (!saved || (saved[key as keyof ProductRow] ?? null) !== (value ?? null)) (changes as Record<string, unknown>)[key] = value;
  }
  const tagsChanged = !saved ? p.tagIds.length > 0 : !sameList(sortedNumbers(existing.tags.get(saved.id) ?? []), sortedNumbers(p.tagIds));
  const shipsFromChanged = p.shipsFrom !== null && (!saved || !sameList(sortedNumbers(existing.shipsFrom.get(saved.id) ?? []), p.shipsFrom));
  const productChanged = !!saved && (Object.keys(changes).length > 0 || tagsChanged || shipsFromChanged || optionsChanged || !!statusMove || !!images);
  if (productChanged) for (const v of variants) if (v.outcome === 'unchanged') v.outcome = 'updated';
  const outcome: RowOutcome = !saved ? 'created' : productChanged || variants.some((v) => v.outcome !== 'unchanged') ? 'updated' : 'unchanged';
  return {
    plan: { product: p, existing: saved, changes, tagsChanged, shipsFromChanged, options, optionsChanged, statusMove, images, variants, outcome },
    errors,
  };
}

export interface ImportCounts {
  rowsRead: number;
  rowsValid: number;
  rowsError: number;
  created: number;
  updated: number;
  unchanged: number;
}

export interface WriteContext {
  jobId: number;
  vendorId: number;
  actor: Actor;
  actorUserId: number | null;
  byVendor: boolean;
  writeStock: ImportStockWriter;
  /** The batch's photo files: those its rows now use, and those of images it removed (deleted once it commits). */
  imageFiles: { used: Set<string>; removed: string[] };
}

/** Writes a product's images as the file lists them: drops the unlisted, orders the kept, adds the new. */
async function writeImages(tx: DbOrTx, productId: number, plan: ImagesPlan, w: WriteContext): Promise<void> {
  if (plan.removed.length) {
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        plan.removed.map((r) => r.id),
      ),
    );
    w.imageFiles.removed.push(...plan.removed.map((r) => r.path));
  }
  const added: (typeof productImages.$inferInsert)[] = [];
  for (const [position, o] of plan.order.entries()) {
    if ('keep' in o) {
      if (o.keep.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, o.keep.id));
    } else if (o.add) {
      const { path, width, height, bytes, source } = o.add;
      added.push({ productId, position, path, width, height, bytes, source });
      w.imageFiles.used.add(path);
    }
  }
  if (added.length) await tx.insert(productImages).values(added);
}

/** The paths of a plan's images in order (the content a review compares). */
const imagePaths = (plan: ImagesPlan) => plan.order.flatMap((o) => ('keep' in o ? [o.keep.path] : o.add ? [o.add.path] : []));

/** A variant the file adds, as its row: stamped with the job that made it. */
function newVariantRow(v: VariantPlan, productId: number, position: number, w: WriteContext): typeof productVariants.$inferInsert {
  return {
    productId,
    vendorId: w.vendorId,
    sku: v.input.sku,
    optionValueIds: v.input.optionValueIds,
    mrpPaise: v.input.mrp,
    pricePaise: v.input.price,
    costPaise: v.input.cost ?? null,
    barcode: v.input.barcode,
    weightGrams: v.input.weightGrams,
    status: v.input.status ?? 'active',
    position,
    importJobId: w.jobId,
  };
}

/**
 * Writes a batch's new products together: one INSERT per table (products, status events, tags,
 * ships-from warehouses, options, variants; their rows as one JSON parameter, insertJsonRows), their opening stock through the stock core in two
 * statements, and their summary columns in one. Per product, as applyPlan does, this was about ten
 * statements each: at 25,000 products the difference is most of an import's time.
 */
async function applyNewProducts(tx: DbOrTx, plans: ProductPlan[], w: WriteContext): Promise<void> {
  if (!plans.length) return;
  const now = new Date();
  const idByHandle = new Map<string, number>();
  const made = await insertJsonRows(
    tx,
    products,
    plans.map((plan) => {
      const status = plan.statusMove?.to ?? 'draft';
      // The summary columns (refreshProductSummary's) from the plan, in the INSERT itself: an UPDATE
      // after it would write every new product twice, in each of the products table's indexes.
      const active = plan.variants.filter((v) => (v.input.status ?? 'active') === 'active').map((v) => v.input.price);
      const reservedId = plan.images?.order.find((o): o is { add: WrittenImage } => 'add' in o && !!o.add)?.add.productId;
      return {
        ...(reservedId ? { id: reservedId } : {}),
        ...(plan.changes as typeof products.$inferInsert),
        vendorId: w.vendorId,
        name: plan.product.name,
        slug: plan.product.handle,
        status,
        submittedAt: status === 'pending_review' ? now : null,
        importJobId: w.jobId,
        priceMinPaise: active.length ? Math.min(...active) : null,
        priceMaxPaise: active.length ? Math.max(...active) : null,
        variantCount: plan.variants.length,
        skus: plan.variants.map((v) => v.input.sku).join(' '),
        stockAvailable: plan.variants.reduce((sum, v) => sum + v.stock.reduce((n, s) => n + s.delta, 0), 0),
      };
    }),
    ['id', 'slug'],
  );
  for (const r of made) idByHandle.set(r.slug, r.id);
  const idOf = (plan: ProductPlan) => idByHandle.get(plan.product.handle)!;
  for (const plan of plans) if (plan.images) await writeImages(tx, idOf(plan), plan.images, w);
  const submitted = plans.filter((plan) => plan.statusMove?.to === 'pending_review');
  await insertJsonRows(
    tx,
    productStatusEvents,
    submitted.map((plan) => ({
      productId: idOf(plan),
      fromStatus: 'draft',
      toStatus: 'pending_review',
      reason: `Submitted by bulk import #${w.jobId}.`,
      actorUserId: w.actor.realUserId,
    })),
  );
  await insertJsonRows(
    tx,
    productTags,
    plans.flatMap((plan) => plan.product.tagIds.map((tagId) => ({ productId: idOf(plan), tagId }))),
  );
  await insertJsonRows(
    tx,
    productWarehouses,
    plans.flatMap((plan) => (plan.product.shipsFrom ?? []).map((warehouseId) => ({ productId: idOf(plan), warehouseId }))),
  );
  await insertJsonRows(
    tx,
    productOptions,
    plans.flatMap((plan) => plan.options.map((o, position) => ({ productId: idOf(plan), groupId: o.groupId, position, valueIds: o.valueIds }))),
  );
  const variantIds = new Map<string, number>();
  const variants = await insertJsonRows(
    tx,
    productVariants,
    plans.flatMap((plan) => plan.variants.map((v, position) => newVariantRow(v, idOf(plan), position, w))),
    ['id', 'sku'],
  );
  for (const r of variants) variantIds.set(r.sku, r.id);
  const opening = plans.flatMap((plan) =>
    plan.variants.flatMap((v) => v.stock.map((s) => ({ variantId: variantIds.get(v.input.sku)!, warehouseId: s.warehouseId, quantity: s.delta }))),
  );
  if (opening.length) await w.writeStock.open(tx, opening, { actorUserId: w.actorUserId, note: `Bulk import #${w.jobId}` });
}

/** Writes one product's plan, in the batch's transaction. */
async function applyPlan(tx: DbOrTx, plan: ProductPlan, w: WriteContext, maxPosition: number): Promise<void> {
  // An unchanged product is not touched: no version, no time, no job stamp.
  if (plan.outcome === 'unchanged') return;
  const now = new Date();
  const p = plan.product;
  let productId: number;
  if (!plan.existing) {
    const status = plan.statusMove?.to ?? 'draft';
    const [created] = await tx
      .insert(products)
      .values({
        ...(plan.changes as typeof products.$inferInsert),
        vendorId: w.vendorId,
        name: p.name,
        slug: p.handle,
        status,
        ...(status === 'pending_review' ? { submittedAt: now } : {}),
        importJobId: w.jobId,
      })
      .returning({ id: products.id });
    productId = created!.id;
    if (status === 'pending_review')
      await tx.insert(productStatusEvents).values({
        productId,
        fromStatus: 'draft',
        toStatus: 'pending_review',
        reason: `Submitted by bulk import #${w.jobId}.`,
        actorUserId: w.actor.realUserId,
      });
  } else {
    productId = plan.existing.id;
    const move = plan.statusMove;
    await tx
      .update(products)
      .set({
        ...plan.changes,
        ...(move ? { status: move.to, ...(move.to === 'pending_review' ? { submittedAt: now, rejectionReason: null } : {}) } : {}),
        importJobId: w.jobId,
        updatedAt: now,
        version: sql`${products.version} + 1`,
      })
      .where(eq(products.id, productId));
    if (move)
      await tx
        .insert(productStatusEvents)
        .values({ productId, fromStatus: move.from, toStatus: move.to, reason: `Bulk import #${w.jobId}.`, actorUserId: w.actor.realUserId });
    if (plan.images) await writeImages(tx, productId, plan.images, w);
    if (
      !move &&
      (plan.changes.name !== undefined ||
        plan.changes.description !== undefined ||
        plan.changes.categoryId !== undefined ||
        plan.changes.subCategoryId !== undefined ||
        plan.images)
    ) {
      const e = plan.existing;
      const savedPaths = [...(plan.images ? [...plan.images.removed, ...plan.images.order.flatMap((o) => ('keep' in o ? [o.keep] : []))] : [])]
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((i) => i.path);
      await sendContentChangeToReview(
        tx,
        w.actor,
        { user: { userType: w.byVendor ? 'vendor' : 'staff' } } as Parameters<typeof sendContentChangeToReview>[2],
        productId,
        {
          status: e.status,
          name: e.name,
          description: e.description,
          categoryId: e.categoryId,
          subCategoryId: e.subCategoryId,
          ...(plan.images ? { images: savedPaths } : {}),
        },
        {
          status: e.status,
          name: p.name,
          description: p.description,
          categoryId: p.categoryId,
          subCategoryId: p.subCategoryId,
          ...(plan.images ? { images: imagePaths(plan.images) } : {}),
        },
      );
    }
  }
  if (plan.tagsChanged) {
    await tx.delete(productTags).where(eq(productTags.productId, productId));
    if (p.tagIds.length) await tx.insert(productTags).values(p.tagIds.map((tagId) => ({ productId, tagId })));
  }
  if (plan.shipsFromChanged) {
    await tx.delete(productWarehouses).where(eq(productWarehouses.productId, productId));
    if (p.shipsFrom!.length) await tx.insert(productWarehouses).values(p.shipsFrom!.map((warehouseId) => ({ productId, warehouseId })));
  }
  if (plan.optionsChanged) {
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (plan.options.length)
      await tx.insert(productOptions).values(plan.options.map((o, position) => ({ productId, groupId: o.groupId, position, valueIds: o.valueIds })));
  }
  let position = maxPosition;
  const fresh = plan.variants.filter((v) => !v.existing);
  const inserted = fresh.length
    ? await tx
        .insert(productVariants)
        .values(fresh.map((v) => newVariantRow(v, productId, ++position, w)))
        .returning({ id: productVariants.id, sku: productVariants.sku })
    : [];
  const idBySku = new Map(inserted.map((r) => [r.sku, r.id]));
  let variantsChanged = inserted.length > 0;
  const opening: { variantId: number; warehouseId: number; quantity: number }[] = [];
  for (const v of plan.variants) {
    if (v.existing && Object.keys(v.changes).length) {
      variantsChanged = true;
      await tx
        .update(productVariants)
        .set({ ...v.changes, importJobId: w.jobId, updatedAt: now, version: sql`${productVariants.version} + 1` })
        .where(eq(productVariants.id, v.existing.id));
    }
    if (!v.existing) {
      const variantId = idBySku.get(v.input.sku)!;
      for (const s of v.stock) opening.push({ variantId, warehouseId: s.warehouseId, quantity: s.delta });
      continue;
    }
    for (const s of v.stock) {
      variantsChanged = true;
      await w.writeStock.correct(tx, {
        variantId: v.existing.id,
        warehouseId: s.warehouseId,
        delta: s.delta,
        actorUserId: w.actorUserId,
        note: `Bulk import #${w.jobId}`,
      });
    }
  }
  if (opening.length) await w.writeStock.open(tx, opening, { actorUserId: w.actorUserId, note: `Bulk import #${w.jobId}` });
  if (variantsChanged || !plan.existing) await refreshProductSummary(tx, productId);
}

/** One phase's run over the file, for the runner: progress and errors are reported per batch. */
export interface PhaseRun {
  job: ImportJobRow;
  path: string;
  lookups: ImportLookups;
  vendorActive: boolean;
  /** Called with each batch's results; for the import, inside `db.transaction` with the writes. */
  commit(batch: { lastRow: number; counts: ImportCounts; errors: ImportRowError[]; outcomes: RowOutcomes }, tx: DbOrTx | null): Promise<void>;
  write?: WriteContext;
  /** The images column's photos: the ZIP's files and the URL fetcher. */
  images: ImportImages;
  /** First in each import batch's transaction: re-asserts this server's claim and locks the job's row until the batch commits. */
  assertClaim?(tx: DbOrTx): Promise<void>;
  db: Db;
  /** Stop between batches (the server is stopping, or another server took the job over). */
  shouldStop(): boolean;
}

/** Concurrent photo fetches of a batch: network waits overlap; the resizing itself runs one at a time. */
const PHOTO_FETCHES = 4;

/**
 * Fetches (or unpacks) and writes the photos a batch's products add: those their images column names
 * that are not already theirs. A new product that gets photos is given its id now (its folder).
 */
async function prepareBatchImages(run: PhaseRun, batch: ImportProduct[]): Promise<{ prepared: Map<string, PreparedImage>; reservedIds: Map<string, number> }> {
  const prepared = new Map<string, PreparedImage>();
  const reservedIds = new Map<string, number>();
  const wanting = batch.filter((p) => p.images?.some((entry) => !isSavedImagePath(entry)));
  if (!wanting.length) return { prepared, reservedIds };
  const saved = await run.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.vendorId, run.job.vendorId),
        inArray(
          sql`lower(${products.slug})`,
          wanting.map((p) => p.handle),
        ),
      ),
    );
  const idByHandle = new Map(saved.map((p) => [p.slug.toLowerCase(), p.id]));
  const savedImages = saved.length
    ? await run.db
        .select({ productId: productImages.productId, path: productImages.path, source: productImages.source })
        .from(productImages)
        .where(
          inArray(
            productImages.productId,
            saved.map((p) => p.id),
          ),
        )
    : [];
  const work: { key: string; entry: string; productId: number }[] = [];
  for (const p of wanting) {
    const savedId = idByHandle.get(p.handle);
    const own = savedImages.filter((i) => i.productId === savedId);
    const fresh = p.images!.filter(
      (entry) => !isSavedImagePath(entry) && !own.some((i) => namesSavedImage(entry, i)) && (looksLikeUrl(entry) || !run.images.find(entry).problem),
    );
    if (!fresh.length) continue;
    let productId = savedId;
    if (productId === undefined) {
      productId = await run.images.reserveProductId(run.db);
      reservedIds.set(p.handle, productId);
    }
    for (const entry of fresh) work.push({ key: imageKey(p.handle, entry), entry, productId });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PHOTO_FETCHES, work.length) }, async () => {
      while (next < work.length) {
        const item = work[next++]!;
        prepared.set(item.key, await run.images.prepare(item.entry, item.productId));
      }
    }),
  );
  return { prepared, reservedIds };
}

/** What each row of a batch came to, by row number: its code (c, u, n, e) and its SKU or handle. */
export type RowOutcomes = Map<number, { code: 'c' | 'u' | 'n' | 'e'; label: string }>;
const OUTCOME_CODE = { created: 'c', updated: 'u', unchanged: 'n' } as const;
/** A row's label in the rows table: its SKU, or its handle on a product's variant-less row. */
const rowLabel = (r: ImportRecord) => normaliseSku(r.cells.sku ?? '') || (r.cells.handle ?? '').trim().toLowerCase();

/** A batch's outcomes as stored: one letter per row from its first (`.` for a row that isn't data) and the labels, one per line. */
export function packOutcomes(outcomes: RowOutcomes): { firstRow: number; codes: string; labels: string } | null {
  if (!outcomes.size) return null;
  const rows = [...outcomes.keys()];
  const first = Math.min(...rows);
  const last = Math.max(...rows);
  let codes = '';
  const labels: string[] = [];
  for (let row = first; row <= last; row++) {
    const o = outcomes.get(row);
    codes += o?.code ?? '.';
    labels.push(o ? o.label.replace(/\n/g, ' ') : '');
  }
  return { firstRow: first, codes, labels: labels.join('\n') };
}

const emptyCounts = (): ImportCounts => ({ rowsRead: 0, rowsValid: 0, rowsError: 0, created: 0, updated: 0, unchanged: 0 });

/**
 * Reads the file and runs one phase: the dry run counts, the import writes. Rows up to the job's
 * `rows_done` (committed before a restart) are read past, their SKUs still remembered so a later
 * duplicate is caught as before. Answers false when it stopped early.
 */
export async function runImportPhase(run: PhaseRun): Promise<boolean> {
  const phase = run.job.phase as ImportPhase;
  const resumeAfter = phase === 'import' ? run.job.rowsDone : 0;
  const grouper = new ProductRowGrouper();
  const skuRows = new Map<string, { row: number; handle: string }>();
  const valuePositions = new Map<number, number>();
  for (const g of run.lookups.optionGroups.values()) for (const v of g.values.values()) valuePositions.set(v.id, v.position);
  const warehouseCodes = new Map([...run.lookups.warehouses.values()].map((w) => [w.id, w.code]));
  const ctx: PlanContext = { vendorActive: run.vendorActive, valuePositions, warehouseCodes, images: run.images, prepared: null, reservedIds: new Map() };
  const columns = new Set<string>();
  let batch: ImportRecord[][] = [];
  let batchRows = 0;
  /** Import batches written by this run, from 1: which of them analyse the tables first. */
  let batchNumber = 1;
  let pendingErrors: ImportRowError[] = [];
  let pendingErrorRows = 0;
  let pendingErrorLabels: [number, string][] = [];

  /** The batch whose database work is under way while the next one is read and checked. */
  let inFlight: Promise<void> | null = null;
  const settle = async () => {
    const work = inFlight;
    inFlight = null;
    await work;
  };

  const flush = async (): Promise<void> => {
    const groups = batch;
    const loose = pendingErrors;
    const looseRows = pendingErrorRows;
    const outcomes: RowOutcomes = new Map(pendingErrorLabels.map(([row, label]) => [row, { code: 'e', label }]));
    batch = [];
    batchRows = 0;
    pendingErrors = [];
    pendingErrorRows = 0;
    pendingErrorLabels = [];
    const counts = emptyCounts();
    const errors: ImportRowError[] = [...loose];
    counts.rowsRead += looseRows;
    counts.rowsError += looseRows;
    let lastRow = 0;
    const valid: { product: ImportProduct; records: ImportRecord[] }[] = [];
    for (const records of groups) {
      lastRow = Math.max(lastRow, ...records.map((r) => r.row));
      counts.rowsRead += records.length;
      const formulaErrors = records.flatMap((r) =>
        ((r as FileRow).formulas ?? []).map((column) => ({
          row: r.row,
          column,
          message: 'The cell holds a formula: only values are imported. Paste the value instead (Paste special → Values).',
        })),
      );
      const result = validateProductRows(records, run.lookups, columns);
      const own = [...formulaErrors, ...result.errors];
      // A SKU on an earlier product of the file.
      if (result.product) {
        for (const v of result.product.variants) {
          const before = skuRows.get(v.sku);
          if (before && before.handle !== result.product.handle)
            own.push({ row: v.row, column: 'sku', message: `SKU ${v.sku} is also on row ${formatCount(before.row)} (product ${before.handle}).` });
        }
        for (const v of result.product.variants) if (!skuRows.has(v.sku)) skuRows.set(v.sku, { row: v.row, handle: result.product.handle });
      }
      if (own.length || !result.product) {
        errors.push(...own);
        counts.rowsError += records.length;
        for (const r of records) outcomes.set(r.row, { code: 'e', label: rowLabel(r) });
        continue;
      }
      valid.push({ product: result.product, records });
    }
    // The previous batch's reads and writes went on while this one was read and checked: the
    // database and this process work at the same time, one batch apart. Its transaction commits
    // before this one starts, so batches still commit in file order and `rows_done` only grows.
    await settle();
    const work = store(valid, errors, counts, lastRow, outcomes);
    work.catch(() => {}); // awaited by the next settle(); a failure surfaces there
    inFlight = work;
  };

  /** A batch's database part: its photos, then its plan and writes (the import) or its count (the dry run). */
  const store = async (
    valid: { product: ImportProduct; records: ImportRecord[] }[],
    errors: ImportRowError[],
    counts: ImportCounts,
    lastRow: number,
    outcomes: RowOutcomes,
  ): Promise<void> => {
    // The import's photos are fetched and written before the batch's transaction (never inside it).
    const photos =
      phase === 'import'
        ? await prepareBatchImages(
            run,
            valid.map((v) => v.product),
          )
        : { prepared: null, reservedIds: new Map<string, number>() };
    const batchCtx: PlanContext = { ...ctx, ...photos };
    if (run.write) run.write.imageFiles = { used: new Set(), removed: [] };
    const apply = async (tx: DbOrTx | null) => {
      const source = tx ?? run.db;
      const existing = await loadExisting(
        source,
        run.job.vendorId,
        [...new Set(valid.map((v) => v.product.handle))],
        [...new Set(valid.flatMap((v) => v.product.variants.map((x) => x.sku)))],
      );
      const created: ProductPlan[] = [];
      for (const { product, records } of valid) {
        const { plan, errors: planErrors } = planProduct(product, existing, batchCtx);
        if (!plan) {
          errors.push(...planErrors);
          counts.rowsError += records.length;
          for (const r of records) outcomes.set(r.row, { code: 'e', label: rowLabel(r) });
          continue;
        }
        counts.rowsValid += records.length;
        if (plan.variants.length) for (const v of plan.variants) counts[v.outcome] += 1;
        else counts[plan.outcome] += 1;
        for (const r of records) outcomes.set(r.row, { code: OUTCOME_CODE[plan.outcome], label: rowLabel(r) });
        for (const v of plan.variants) outcomes.set(v.input.row, { code: OUTCOME_CODE[v.outcome], label: v.input.sku });
        if (tx && run.write) {
          if (!plan.existing) created.push(plan);
          else await applyPlan(tx, plan, run.write, existing.maxPositions.get(plan.existing.id) ?? -1);
        }
      }
      if (tx && run.write) await applyNewProducts(tx, created, run.write);
      errors.sort((a, b) => a.row - b.row);
      await run.commit({ lastRow: Math.max(lastRow, ...errors.map((e) => e.row), 0), counts, errors, outcomes }, tx);
    };
    const written = [...(photos.prepared?.values() ?? [])].flatMap((x) => ('path' in x ? [x.path] : []));
    if (phase === 'import') {
      try {
        await run.db.transaction(async (tx) => {
          // PostgreSQL's JIT compiles the vendors' product-count trigger (migration 0014: a statement
          // trigger over a transition table it has no statistics for) on every INSERT into products:
          // about 2 s against 0.1 ms without, measured; a batch is small, short statements only.
          await tx.execute(sql`set local jit = off`);
          // A batch's commit need not wait for the disk: the job's progress commits with its rows, so
          // a database crash that lost the last commits loses them together, and the resumed job
          // writes those batches again. Exactly once still holds; four waits for the disk per second don't.
          await tx.execute(sql`set local synchronous_commit = off`);
          await run.assertClaim?.(tx);
          // The foreign-key checks' plans are cached per connection: one made while stock_levels was
          // nearly empty (a new marketplace's first import) scans the table for each row it checks, and
          // each batch got slower than the last (1 s per 500 levels at 50,000). Fresh statistics make
          // the database drop those plans; the tables the import fills are analysed as they grow
          // (after batches 1, 2, 4, 8…), a few times a job. Replanning every check instead
          // (plan_cache_mode) cost a third of the import's time.
          if ((batchNumber & (batchNumber - 1)) === 0) await tx.execute(sql`analyze products, product_variants, stock_levels, stock_movements`);
          batchNumber += 1;
          await apply(tx);
        });
      } catch (error) {
        await Promise.all(written.map((path) => run.images.discard(path)));
        throw error;
      }
      // Committed: the photos no row uses (their product had another error) and those the file dropped go.
      const files = run.write!.imageFiles;
      await Promise.all([...written.filter((path) => !files.used.has(path)), ...files.removed].map((path) => run.images.discard(path)));
    } else await apply(null);
  };

  try {
    let headerSeen = false;
    for await (const record of readImportRows(run.path, run.job.fileKind as ImportFileKind)) {
      if (record.row - 1 > MAX_IMPORT_ROWS)
        throw new ImportFileError(
          `The file has more than ${formatCount(MAX_IMPORT_ROWS)} rows, the most one import takes. Split it into smaller files (whole products in each).`,
        );
      if (!headerSeen) {
        headerSeen = true;
        for (const key of Object.keys(record.cells)) columns.add(key);
      }
      const { groups, error } = grouper.push(record);
      for (const group of groups) {
        const last = group[group.length - 1]!.row;
        if (last <= resumeAfter) {
          // Committed before the restart: remember its SKUs, write nothing.
          for (const r of group) {
            const sku = normaliseSku(r.cells.sku ?? '');
            if (sku && !skuRows.has(sku)) skuRows.set(sku, { row: r.row, handle: (r.cells.handle ?? '').trim().toLowerCase() });
          }
          continue;
        }
        batch.push(group);
        batchRows += group.length;
      }
      if (error && record.row > resumeAfter) {
        pendingErrors.push(error);
        pendingErrorRows += 1;
        pendingErrorLabels.push([record.row, rowLabel(record)]);
      }
      if (batchRows + pendingErrorRows >= IMPORT_BATCH_ROWS) {
        if (run.shouldStop()) {
          await settle();
          return false;
        }
        await flush();
      }
    }
    const last = grouper.end();
    if (last && last[last.length - 1]!.row > resumeAfter) {
      batch.push(last);
      batchRows += last.length;
    }
    if (batch.length || pendingErrors.length) {
      if (run.shouldStop()) {
        await settle();
        return false;
      }
      await flush();
    }
    await settle();
  } catch (error) {
    // A file problem found while a batch is being written: that batch finishes (or fails) first.
    await settle().catch(() => {});
    throw error;
  }
  return true;
}

/** The job's vendor may trade (submitting and activating need it). */
export async function vendorIsActive(db: DbOrTx, vendorId: number): Promise<boolean> {
  const [v] = await db.select({ status: vendors.status }).from(vendors).where(eq(vendors.id, vendorId));
  return v?.status === 'active';
}

/** The one activity entry of an import: its counts and a link to the job. */
export async function logImportActivity(db: DbOrTx, actor: Actor, job: ImportJobRow): Promise<void> {
  await logActivity(db, actor, {
    area: 'products',
    action: 'bulk-import',
    recordId: null,
    recordName: `Bulk import #${job.id} (${job.fileName})`,
    changes: {
      created: [null, job.created],
      updated: [null, job.updated],
      unchanged: [null, job.unchanged],
      errors: [null, job.rowsError],
      job: [null, `/products/bulk-upload?job=${job.id}`],
    },
  });
}

/** Row errors of a job's phase, for the paged table. */
export async function jobErrors(db: DbOrTx, jobId: number, phase: ImportPhase, page: number, perPage: number) {
  const rows = await db
    .select({ row: productImportErrors.row, column: productImportErrors.column, message: productImportErrors.message })
    .from(productImportErrors)
    .where(and(eq(productImportErrors.jobId, jobId), eq(productImportErrors.phase, phase)))
    .orderBy(asc(productImportErrors.row), asc(productImportErrors.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from product_import_errors where job_id = ${jobId} and phase = ${phase}`),
  ) as [{ total: number }];
  return { rows, total: Number(total) };
}

/** The rows of a job's phase that came to one outcome, a page at a time, with their SKU (and, for errors, what is wrong). */
export async function jobRows(db: DbOrTx, jobId: number, phase: ImportPhase, outcome: ImportRowOutcome, page: number, perPage: number) {
  const where = and(eq(productImportOutcomes.jobId, jobId), eq(productImportOutcomes.phase, phase));
  const chunks = await db
    .select({ firstRow: productImportOutcomes.firstRow, codes: productImportOutcomes.codes })
    .from(productImportOutcomes)
    .where(where)
    .orderBy(asc(productImportOutcomes.firstRow));
  const code = outcome === 'error' ? 'e' : OUTCOME_CODE[outcome];
  const from = (page - 1) * perPage;
  const wanted: { row: number; chunk: number; index: number }[] = [];
  let total = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.codes.length; i++) {
      if (chunk.codes[i] !== code) continue;
      if (total >= from && wanted.length < perPage) wanted.push({ row: chunk.firstRow + i, chunk: chunk.firstRow, index: i });
      total += 1;
    }
  }
  const chunkRows = [...new Set(wanted.map((w) => w.chunk))];
  const labelRows = chunkRows.length
    ? await db
        .select({ firstRow: productImportOutcomes.firstRow, labels: productImportOutcomes.labels })
        .from(productImportOutcomes)
        .where(and(where, inArray(productImportOutcomes.firstRow, chunkRows)))
    : [];
  const labels = new Map(labelRows.map((r) => [r.firstRow, r.labels.split('\n')]));
  const messages = new Map<number, { column: string; message: string }[]>();
  if (outcome === 'error' && wanted.length) {
    const errorRows = await db
      .select({ row: productImportErrors.row, column: productImportErrors.column, message: productImportErrors.message })
      .from(productImportErrors)
      .where(
        and(
          eq(productImportErrors.jobId, jobId),
          eq(productImportErrors.phase, phase),
          inArray(
            productImportErrors.row,
            wanted.map((w) => w.row),
          ),
        ),
      )
      .orderBy(asc(productImportErrors.id));
    for (const e of errorRows) messages.set(e.row, [...(messages.get(e.row) ?? []), { column: e.column, message: e.message }]);
  }
  return {
    rows: wanted.map((w) => ({
      row: w.row,
      outcome,
      sku: labels.get(w.chunk)?.[w.index] ?? '',
      ...(outcome === 'error' ? { errors: messages.get(w.row) ?? [] } : {}),
    })),
    total,
  };
}

/** Money as the file writes it: rupees with two decimals, no grouping (a spreadsheet reads it as a number). */
export const fileMoney = (paise: number | null | undefined) => (paise === null || paise === undefined ? '' : paiseToRupeesText(paise, { grouping: false }));
