/**
 * The stock screens' server side: one level as its page shows it, its history, and the changes a
 * person makes there — an adjustment with a reason, a new low-stock threshold, a first level in
 * another warehouse. Each change is one transaction with its ledger row (stock.server.ts) and its
 * activity entry. A vendor reaches only their own levels and warehouses: another vendor's level is
 * a 404, as if it did not exist.
 */
import { and, asc, count, desc, eq, getTableColumns, notExists } from 'drizzle-orm';
import { subject } from '@casl/ability';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { users } from '@/lib/db/schema.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import { logActivity } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { conflict, forbidden, invalid, notFound } from '@/lib/http/errors.ts';
import { abilityOf, accessibleWhere, vendorScope } from '@/lib/permissions/scope.server.ts';
import { productVariants } from '@/features/products/product.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { stockLevels, stockMovements } from './inventory.tables.ts';
import { inventoryJoins, inventorySelection, serializeInventory, type InventoryRow } from './inventory.source.server.ts';
import { adjustStock, stockLevelFor } from './stock.server.ts';
import { ADJUSTMENT_REASONS, MOVEMENTS_PER_PAGE, type AdjustmentInput, type StartStockingInput, type ThresholdInput } from './inventory.schema.ts';

export type StockLevelRecord = ReturnType<typeof serializeInventory>;

export interface Who {
  principal: Principal;
  actor: Actor;
}

const AREA = 'inventories';

/** How a level is named in the activity log and on its page: "DFH-KUR-001 at DFH-BLR". */
export const levelName = (level: Pick<StockLevelRecord, 'sku' | 'warehouse_code'>) => `${level.sku} at ${level.warehouse_code}`;

/** One level as the list shows it, if `principal` may see it (404 otherwise). */
export async function getStockLevel(db: DbOrTx, principal: Principal, id: number): Promise<StockLevelRecord> {
  const query = db.select(inventorySelection).from(stockLevels);
  const [row] = await inventoryJoins(query)
    .where(and(eq(stockLevels.id, id), vendorScope(principal, AREA, stockLevels)))
    .limit(1);
  if (!row) throw notFound('That stock level does not exist.');
  return serializeInventory(row as InventoryRow);
}

/** The level, for a change: visible to `principal` and theirs to update (a vendor's own). */
async function levelToChange(tx: DbOrTx, principal: Principal, id: number): Promise<StockLevelRecord> {
  const level = await getStockLevel(tx, principal, id);
  if (!abilityOf(principal).can('update', subject(AREA, { vendorId: level.vendor_id })))
    throw forbidden('Changing stock needs the inventories:update permission.');
  return level;
}

/** An adjustment: received, damaged, correction or returned, with the version the person saw. */
export async function adjustLevel(db: Db, who: Who, id: number, input: AdjustmentInput): Promise<StockLevelRecord> {
  return db.transaction(async (tx) => {
    const before = await levelToChange(tx, who.principal, id);
    await adjustStock(tx, {
      levelId: id,
      expectedVersion: input.version,
      delta: input.delta,
      reason: input.reason,
      note: input.note ?? null,
      actorUserId: who.actor.realUserId,
    });
    const after = await getStockLevel(tx, who.principal, id);
    const reason = ADJUSTMENT_REASONS.find((r) => r.value === input.reason)!.label;
    await logActivity(tx, who.actor, {
      area: AREA,
      action: 'adjust',
      recordId: id,
      recordName: levelName(before),
      changes: {
        on_hand: [before.on_hand, after.on_hand],
        available: [before.available, after.available],
        reason: [null, reason],
        ...(input.note ? { note: [null, input.note] } : {}),
      },
    });
    return after;
  });
}

/** A new low-stock threshold (the list's "Low stock" view reads it). */
export async function setThreshold(db: Db, who: Who, id: number, input: ThresholdInput): Promise<StockLevelRecord> {
  return db.transaction(async (tx) => {
    const before = await levelToChange(tx, who.principal, id);
    const [changed] = await tx
      .update(stockLevels)
      .set({ lowStockThreshold: input.low_stock_threshold, updatedAt: new Date(), version: before.version + 1 })
      .where(and(eq(stockLevels.id, id), eq(stockLevels.version, input.version)))
      .returning({ id: stockLevels.id });
    if (!changed) throw conflict('This stock level changed since you opened it. Reload and try again.');
    const after = await getStockLevel(tx, who.principal, id);
    await logActivity(tx, who.actor, {
      area: AREA,
      action: 'update',
      recordId: id,
      recordName: levelName(before),
      changes: { low_stock_threshold: [before.low_stock_threshold, after.low_stock_threshold] },
    });
    return after;
  });
}

/**
 * A variant's first level in another of its vendor's warehouses, at zero (stock then comes in as
 * an adjustment, with its reason). The variant must be one `principal` may stock; the warehouse
 * must be the variant's vendor's (422 otherwise); a level that exists already is a 409 naming it.
 */
export async function startStocking(db: Db, who: Who, input: StartStockingInput): Promise<StockLevelRecord> {
  return db.transaction(async (tx) => {
    const ability = abilityOf(who.principal);
    const [variant] = await tx
      .select({ id: productVariants.id, vendorId: productVariants.vendorId })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variant_id), accessibleWhere(ability, 'update', AREA, { vendorId: productVariants.vendorId })))
      .limit(1);
    if (!variant) throw notFound('That variant does not exist.');
    const [existing] = await tx
      .select({ id: stockLevels.id })
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, input.variant_id), eq(stockLevels.warehouseId, input.warehouse_id)))
      .limit(1);
    if (existing)
      throw conflict(`This variant is already stocked in that warehouse (stock level ${existing.id}).`, { warehouse_id: ['Already stocked here.'] });
    const [warehouse] = await tx.select({ isActive: warehouses.isActive }).from(warehouses).where(eq(warehouses.id, input.warehouse_id)).limit(1);
    // Inactive warehouses keep their stock and history but take no new stock (docs/areas.md, Warehouses).
    if (warehouse && !warehouse.isActive) throw invalid({ warehouse_id: ['That warehouse is inactive: it takes no new stock.'] });
    const level = await stockLevelFor(tx, input.variant_id, input.warehouse_id);
    const created = await getStockLevel(tx, who.principal, level.id);
    await logActivity(tx, who.actor, {
      area: AREA,
      action: 'create',
      recordId: level.id,
      recordName: levelName(created),
      after: { on_hand: 0, warehouse: created.warehouse_name },
    });
    return created;
  });
}

/** The variant's vendor's active warehouses it has no level in yet: where "Stock in another warehouse" may start one. */
export async function unstockedWarehouses(
  db: DbOrTx,
  level: Pick<StockLevelRecord, 'variant_id' | 'vendor_id'>,
): Promise<{ id: number; name: string; code: string }[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(warehouses)
    .where(
      and(
        eq(warehouses.vendorId, level.vendor_id),
        eq(warehouses.isActive, true),
        notExists(
          db
            .select({ id: stockLevels.id })
            .from(stockLevels)
            .where(and(eq(stockLevels.warehouseId, warehouses.id), eq(stockLevels.variantId, level.variant_id))),
        ),
      ),
    )
    .orderBy(asc(warehouses.name));
}

/** The same variant's other levels (its stock in the vendor's other warehouses). */
export async function siblingLevels(db: DbOrTx, principal: Principal, level: Pick<StockLevelRecord, 'id' | 'variant_id'>): Promise<StockLevelRecord[]> {
  const query = db.select(inventorySelection).from(stockLevels);
  const rows = await inventoryJoins(query)
    .where(and(eq(stockLevels.variantId, level.variant_id), vendorScope(principal, AREA, stockLevels)))
    .orderBy(asc(warehouses.name));
  return (rows as InventoryRow[]).map(serializeInventory).filter((l) => l.id !== level.id);
}

export interface MovementRecord {
  id: number;
  kind: string;
  on_hand_delta: number;
  reserved_delta: number;
  on_hand_after: number;
  reserved_after: number;
  available_after: number;
  note: string | null;
  order_ref: string | null;
  actor_user_id: number | null;
  actor_name: string | null;
  created_at: string;
}

/** A level's ledger rows, newest first, a page at a time (404 for a level `principal` can't see). */
export async function listMovements(
  db: DbOrTx,
  principal: Principal,
  id: number,
  page: number,
  perPage = MOVEMENTS_PER_PAGE,
): Promise<{ data: MovementRecord[]; meta: { page: number; per_page: number; total: number } }> {
  await getStockLevel(db, principal, id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(stockMovements), actorName: users.name })
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.actorUserId))
      .where(eq(stockMovements.stockLevelId, id))
      .orderBy(desc(stockMovements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.stockLevelId, id)),
  ]);
  return {
    data: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      on_hand_delta: m.onHandDelta,
      reserved_delta: m.reservedDelta,
      on_hand_after: m.onHandAfter,
      reserved_after: m.reservedAfter,
      available_after: m.onHandAfter - m.reservedAfter,
      note: m.note,
      order_ref: m.orderRef,
      actor_user_id: m.actorUserId,
      actor_name: m.actorName,
      created_at: m.createdAt.toISOString(),
    })),
    meta: { page, per_page: perPage, total: Number(total?.n ?? 0) },
  };
}
