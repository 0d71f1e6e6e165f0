/**
 * The variant grid (add step 4): reading a product's options, variants, their stock and its
 * ships-from warehouses, and saving the whole grid in one transaction — variants upserted by id,
 * pruned ones deleted (never one with reserved stock), the options, opening stock for new
 * variants through the stock core, the product's summary, its version and the activity log
 * (docs/products.md, "Variants and options").
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@/lib/db/client.server.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import { logActivity } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { conflict, invalid } from '@/lib/http/errors.ts';
import { formatPaise } from '@/lib/money/paise.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { orderLines } from '@/features/orders/orders.tables.ts';
import { productMatrixGroups, productMatrixValues } from '@/features/product-matrices/product-matrix.tables.ts';
import { productOptions, products, productVariants, productWarehouses } from './product.tables.ts';
import { refreshProductSummary } from './product-summary.server.ts';
import { productFor, type ProductRow } from './product-access.server.ts';
import type { VariantGridInput } from './variants.schema.ts';

/** Only a vendor's own people see and set a variant's cost price; staff never do. */
export const seesCost = (principal: Principal) => principal.user.userType === 'vendor';

export const STALE_PRODUCT_MESSAGE =
  'Someone changed this product after you opened it, so your changes were not saved. Reload the page to see the latest and save again.';

/** The product's ships-from warehouses, by name. */
export async function shipsFromWarehouses(db: DbOrTx, productId: number) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(productWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, productWarehouses.warehouseId))
    .where(eq(productWarehouses.productId, productId))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

/** The active option groups with their values in order: what step 4 offers. */
export async function optionGroupChoices(db: DbOrTx) {
  const rows = await db
    .select({ groupId: productMatrixGroups.id, name: productMatrixGroups.name, valueId: productMatrixValues.id, value: productMatrixValues.value })
    .from(productMatrixGroups)
    .innerJoin(productMatrixValues, eq(productMatrixValues.groupId, productMatrixGroups.id))
    .where(eq(productMatrixGroups.status, 'active'))
    .orderBy(asc(productMatrixGroups.name), asc(productMatrixGroups.id), asc(productMatrixValues.position), asc(productMatrixValues.id));
  const groups = new Map<number, { id: number; name: string; values: { id: number; value: string }[] }>();
  for (const r of rows) {
    const group = groups.get(r.groupId) ?? { id: r.groupId, name: r.name, values: [] };
    group.values.push({ id: r.valueId, value: r.value });
    groups.set(r.groupId, group);
  }
  return [...groups.values()];
}

/** The reusable value sets ("Kids' sizes") of active groups: "fill from a matrix". */
export async function matrixChoices(db: DbOrTx) {
  const result = await db.execute<{ id: number; name: string; group_id: number; value_ids: number[] }>(sql`
    select m.id, m.name, m.group_id, coalesce(array_agg(i.value_id order by i.position, i.value_id) filter (where i.value_id is not null), '{}') as value_ids
    from product_matrices m
    join product_matrix_groups g on g.id = m.group_id and g.status = 'active'
    left join product_matrix_items i on i.matrix_id = m.id
    group by m.id order by m.name, m.id`);
  return rowsOf<{ id: number; name: string; group_id: number; value_ids: number[] }>(result).map((r) => ({
    id: Number(r.id),
    name: r.name,
    groupId: Number(r.group_id),
    valueIds: r.value_ids.map(Number),
  }));
}

export interface VariantGridView {
  product: { id: number; name: string; vendor_id: number; status: string; version: number; sku_pattern: string | null };
  options: { group_id: number; group_name: string; value_ids: number[] }[];
  variants: {
    id: number;
    option_value_ids: number[];
    sku: string;
    mrp: number;
    price: number;
    /** Present for the vendor only. */
    cost?: number | null;
    barcode: string | null;
    weight_grams: number | null;
    status: string;
    stock: { warehouse_id: number; on_hand: number; reserved: number }[];
  }[];
  warehouses: { id: number; name: string; code: string }[];
}

/** GET /api/products/{id}/variants: the grid as step 4 draws it (cost only for the vendor). */
export async function getVariantGrid(db: DbOrTx, principal: Principal, productId: number): Promise<VariantGridView> {
  const product = await productFor(db, principal, productId);
  const [options, variants, levels, ships] = await Promise.all([
    db
      .select({ group_id: productOptions.groupId, group_name: productMatrixGroups.name, value_ids: productOptions.valueIds })
      .from(productOptions)
      .innerJoin(productMatrixGroups, eq(productMatrixGroups.id, productOptions.groupId))
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position)),
    db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ variantId: stockLevels.variantId, warehouse_id: stockLevels.warehouseId, on_hand: stockLevels.onHand, reserved: stockLevels.reserved })
      .from(stockLevels)
      .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(stockLevels.warehouseId)),
    shipsFromWarehouses(db, productId),
  ]);
  const cost = seesCost(principal);
  return {
    product: {
      id: product.id,
      name: product.name,
      vendor_id: product.vendorId,
      status: product.status,
      version: product.version,
      sku_pattern: product.skuPattern,
    },
    options,
    variants: variants.map((v) => ({
      id: v.id,
      option_value_ids: v.optionValueIds,
      sku: v.sku,
      mrp: v.mrpPaise,
      price: v.pricePaise,
      ...(cost ? { cost: v.costPaise } : {}),
      barcode: v.barcode,
      weight_grams: v.weightGrams,
      status: v.status,
      stock: levels.filter((l) => l.variantId === v.id).map(({ variantId: _, ...l }) => l),
    })),
    warehouses: ships,
  };
}

/** The grid as the activity log keeps it: what a person would compare (never the vendor's cost). */
const loggedGrid = (options: { group_id: number; value_ids: number[] }[], variants: { sku: string; mrp: number; price: number; barcode: string | null }[]) => ({
  options: options.map((o) => `${o.group_id}:${o.value_ids.join(',')}`).join(' '),
  variants: variants.map((v) => `${v.sku} ${formatPaise(v.price)} (MRP ${formatPaise(v.mrp)})${v.barcode ? ` ${v.barcode}` : ''}`).join('; '),
});

/** Checks what needs the database; every problem at once, each on its row's field. */
async function checkGrid(tx: DbOrTx, principal: Principal, product: ProductRow, input: VariantGridInput, existingIds: Set<number>) {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);

  const groupIds = input.options.map((o) => o.group_id);
  const groups = groupIds.length
    ? await tx
        .select({ id: productMatrixGroups.id, name: productMatrixGroups.name, status: productMatrixGroups.status })
        .from(productMatrixGroups)
        .where(inArray(productMatrixGroups.id, groupIds))
    : [];
  const valueIds = input.options.flatMap((o) => o.value_ids);
  const values = valueIds.length
    ? await tx
        .select({ id: productMatrixValues.id, groupId: productMatrixValues.groupId })
        .from(productMatrixValues)
        .where(inArray(productMatrixValues.id, valueIds))
    : [];
  input.options.forEach((option, k) => {
    const group = groups.find((g) => g.id === option.group_id);
    if (!group || group.status !== 'active') return add(`options.${k}.group_id`, 'Choose an active option group.');
    option.value_ids.forEach((id, j) => {
      if (values.find((v) => v.id === id)?.groupId !== group.id) add(`options.${k}.value_ids.${j}`, `This value is not one of ${group.name}’s values.`);
    });
  });

  const ships = new Set((await shipsFromWarehouses(tx, product.id)).map((w) => w.id));
  const staff = !seesCost(principal);
  input.variants.forEach((v, i) => {
    if (v.id != null && !existingIds.has(v.id)) add(`variants.${i}.id`, 'This variant is not one of this product’s: reload the page.');
    if (staff && v.cost != null) add(`variants.${i}.cost`, 'Only the vendor sets the cost price.');
    v.opening_stock.forEach((s, j) => {
      if (!ships.has(s.warehouse_id)) add(`variants.${i}.opening_stock.${j}.warehouse_id`, 'Choose one of the warehouses this product ships from.');
    });
  });

  // A SKU is unique per vendor: name the product that already has it.
  const skus = input.variants.map((v) => v.sku);
  const taken = await tx
    .select({ sku: productVariants.sku, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.vendorId, product.vendorId), inArray(productVariants.sku, skus), ne(productVariants.productId, product.id)));
  input.variants.forEach((v, i) => {
    const other = taken.find((t) => t.sku === v.sku);
    if (other) add(`variants.${i}.sku`, `SKU ${v.sku} is used by ${other.name}.`);
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * PUT /api/products/{id}/variants: saves the whole grid, or nothing. The product's `version` must
 * be the one the page was loaded with (409 otherwise). Returns the saved grid.
 */
/**
 * Writes a new variant's opening stock in one warehouse, in the grid's transaction. The stock core
 * is another feature, so the app passes it in (src/app/products/variant-grid.server.ts).
 */
export type OpeningStockWriter = (tx: DbOrTx, entry: { variantId: number; warehouseId: number; quantity: number; actorUserId: number | null }) => Promise<void>;

export async function saveVariantGrid(
  db: Db,
  actor: Actor,
  principal: Principal,
  productId: number,
  input: VariantGridInput,
  writeOpeningStock: OpeningStockWriter,
): Promise<VariantGridView> {
  const actorUserId = actor.impersonatedUserId ?? actor.realUserId;
  await db.transaction(async (tx) => {
    const product = await productFor(tx, principal, productId, { action: 'update', lock: true });
    if (product.version !== input.version) throw conflict(STALE_PRODUCT_MESSAGE);
    const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
    const existingIds = new Set(existing.map((v) => v.id));
    await checkGrid(tx, principal, product, input, existingIds);

    const kept = new Set(input.variants.flatMap((v) => (v.id != null ? [v.id] : [])));
    const pruned = existing.filter((v) => !kept.has(v.id));
    if (pruned.length) {
      const reserved = await tx
        .select({ variantId: stockLevels.variantId, reserved: sql<number>`sum(${stockLevels.reserved})::int` })
        .from(stockLevels)
        .where(
          inArray(
            stockLevels.variantId,
            pruned.map((v) => v.id),
          ),
        )
        .groupBy(stockLevels.variantId)
        .having(sql`sum(${stockLevels.reserved}) > 0`);
      if (reserved.length) {
        const skus = pruned.filter((v) => reserved.some((r) => r.variantId === v.id)).map((v) => v.sku);
        throw conflict(
          `${skus.join(', ')} ${skus.length === 1 ? 'has' : 'have'} stock reserved for orders, so ${skus.length === 1 ? 'it' : 'they'} can’t be removed. Make ${skus.length === 1 ? 'it' : 'them'} inactive instead.`,
        );
      }
      // An ordered variant stays: its order lines name it (orders keep their history).
      const ordered = await tx
        .selectDistinct({ variantId: orderLines.variantId })
        .from(orderLines)
        .where(
          inArray(
            orderLines.variantId,
            pruned.map((v) => v.id),
          ),
        );
      if (ordered.length) {
        const skus = pruned.filter((v) => ordered.some((o) => o.variantId === v.id)).map((v) => v.sku);
        throw conflict(
          `${skus.join(', ')} ${skus.length === 1 ? 'has' : 'have'} been ordered, so ${skus.length === 1 ? 'it' : 'they'} can’t be removed. Make ${skus.length === 1 ? 'it' : 'them'} inactive instead.`,
        );
      }
      await tx.delete(productVariants).where(
        inArray(
          productVariants.id,
          pruned.map((v) => v.id),
        ),
      );
    }

    // Kept variants may swap SKUs among themselves: free the old ones first, or the unique index
    // (vendor, SKU) would refuse the first of the two updates.
    const renamed = input.variants.filter((v) => v.id != null && existing.find((e) => e.id === v.id)?.sku !== v.sku);
    if (renamed.length > 1) {
      await tx
        .update(productVariants)
        .set({ sku: sql`'~' || ${productVariants.id}` })
        .where(
          inArray(
            productVariants.id,
            renamed.map((v) => v.id!),
          ),
        );
    }

    const staff = !seesCost(principal);
    for (const [position, v] of input.variants.entries()) {
      const values = {
        sku: v.sku,
        optionValueIds: v.option_value_ids,
        mrpPaise: v.mrp,
        pricePaise: v.price,
        barcode: v.barcode ?? null,
        weightGrams: v.weight_grams ?? null,
        position,
        // Staff never see the cost, so what they save leaves it as the vendor set it.
        ...(staff ? {} : { costPaise: v.cost ?? null }),
      };
      if (v.id != null) {
        await tx
          .update(productVariants)
          .set({ ...values, updatedAt: new Date(), version: sql`${productVariants.version} + 1` })
          .where(eq(productVariants.id, v.id));
        continue;
      }
      const [created] = await tx
        .insert(productVariants)
        .values({ ...values, productId, vendorId: product.vendorId })
        .returning({ id: productVariants.id });
      // Opening stock only when the variant is created: later changes are the inventories screens'.
      for (const s of v.opening_stock) {
        if (s.quantity > 0) await writeOpeningStock(tx, { variantId: created!.id, warehouseId: s.warehouse_id, quantity: s.quantity, actorUserId });
      }
    }

    const previousOptions = await tx
      .select({ group_id: productOptions.groupId, value_ids: productOptions.valueIds })
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position));
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (input.options.length) {
      await tx.insert(productOptions).values(input.options.map((o, position) => ({ productId, groupId: o.group_id, position, valueIds: o.value_ids })));
    }
    await tx
      .update(products)
      .set({ skuPattern: input.sku_pattern ?? product.skuPattern, updatedAt: new Date(), version: sql`${products.version} + 1` })
      .where(eq(products.id, productId));
    await refreshProductSummary(tx, productId);

    const before = loggedGrid(
      previousOptions,
      existing.map((e) => ({ sku: e.sku, mrp: e.mrpPaise, price: e.pricePaise, barcode: e.barcode })),
    );
    const after = loggedGrid(
      input.options,
      input.variants.map((v) => ({ sku: v.sku, mrp: v.mrp, price: v.price, barcode: v.barcode ?? null })),
    );
    await logActivity(tx, actor, { area: 'products', action: 'update', recordId: productId, recordName: product.name, before, after });
  });
  return getVariantGrid(db, principal, productId);
}
