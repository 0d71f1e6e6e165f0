/**
 * Stock that never lies (issue 15 §3, docs/products.md). Every change to a level is one
 * conditional UPDATE — the condition is the rule, so racing requests can't both pass a check they
 * read before writing (medusa#16569) — plus a row in the movements ledger, in the caller's
 * transaction, plus the product's available total. A change that would leave `available` (on hand −
 * reserved) negative, or reserved above on hand, touches nothing and is a 409.
 *
 * These are the calls the orders issue makes: reserve at placing, release at cancelling, ship when
 * the parcel leaves (on hand and reserved both drop), restock when a return comes back.
 * Adjustments (received, damaged, correction, returned, opening) are staff's and vendors' own.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { conflict, invalid, notFound } from '@/lib/http/errors.ts';
import { productVariants } from '@/features/products/product.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { stockLevels, stockMovements } from './inventory.tables.ts';

/** Reasons a person gives for changing stock by hand. */
export const ADJUSTMENT_REASONS = [
  { value: 'received', label: 'Received' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'correction', label: 'Correction' },
  { value: 'returned', label: 'Returned' },
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]['value'];
export type StockMovementKind = AdjustmentReason | 'opening' | 'reserve' | 'release' | 'ship' | 'restock';

/** The largest quantity one call may move (an int4 column must never overflow). */
export const MAX_STOCK_QUANTITY = 1_000_000;

export interface StockLevel {
  id: number;
  variantId: number;
  warehouseId: number;
  vendorId: number;
  onHand: number;
  reserved: number;
}

interface Who {
  actorUserId?: number | null;
  note?: string | null;
  orderRef?: string | null;
}

/**
 * The level of a variant in a warehouse, created at zero on first use. The warehouse must be the
 * variant's vendor's own (422 otherwise): stock never sits in another vendor's warehouse.
 */
export async function stockLevelFor(tx: DbOrTx, variantId: number, warehouseId: number): Promise<StockLevel> {
  const [variant] = await tx.select({ vendorId: productVariants.vendorId }).from(productVariants).where(eq(productVariants.id, variantId)).limit(1);
  if (!variant) throw notFound('That variant does not exist.');
  const [warehouse] = await tx.select({ vendorId: warehouses.vendorId }).from(warehouses).where(eq(warehouses.id, warehouseId)).limit(1);
  if (!warehouse || warehouse.vendorId !== variant.vendorId) throw invalid({ warehouse_id: ['Choose one of the vendor’s own warehouses.'] });
  await tx.insert(stockLevels).values({ variantId, warehouseId, vendorId: variant.vendorId }).onConflictDoNothing();
  const [level] = await tx
    .select({
      id: stockLevels.id,
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      vendorId: stockLevels.vendorId,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)))
    .limit(1);
  return level!;
}

function checkQuantity(quantity: number, field = 'quantity'): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_STOCK_QUANTITY) {
    throw invalid({ [field]: [`Enter a whole number from 1 to ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')}.`] });
  }
}

/**
 * Moves one level by (onHandDelta, reservedDelta) if, and only if, the result keeps
 * 0 ≤ reserved ≤ on hand; writes the ledger row and the product's available total. Returns the level
 * after the move; a move the level can't take is a 409 saying what is there.
 */
async function move(tx: DbOrTx, levelId: number, kind: StockMovementKind, onHandDelta: number, reservedDelta: number, who: Who): Promise<StockLevel> {
  const [after] = await tx
    .update(stockLevels)
    .set({
      onHand: sql`${stockLevels.onHand} + ${onHandDelta}`,
      reserved: sql`${stockLevels.reserved} + ${reservedDelta}`,
      updatedAt: new Date(),
      version: sql`${stockLevels.version} + 1`,
    })
    .where(
      and(
        eq(stockLevels.id, levelId),
        sql`${stockLevels.reserved} + ${reservedDelta} >= 0`,
        sql`${stockLevels.onHand} + ${onHandDelta} >= ${stockLevels.reserved} + ${reservedDelta}`,
      ),
    )
    .returning({
      id: stockLevels.id,
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      vendorId: stockLevels.vendorId,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
    });
  if (!after) {
    const [now] = await tx.select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved }).from(stockLevels).where(eq(stockLevels.id, levelId)).limit(1);
    if (!now) throw notFound('That stock level does not exist.');
    const available = now.onHand - now.reserved;
    throw conflict(
      reservedDelta < 0 && now.reserved + reservedDelta < 0
        ? `Only ${now.reserved} reserved here; nothing to ${kind === 'ship' ? 'ship' : 'release'} beyond that.`
        : `Only ${available} available here (${now.onHand} on hand, ${now.reserved} reserved).`,
      { quantity: [`Only ${available} available.`] },
    );
  }
  await tx.insert(stockMovements).values({
    stockLevelId: levelId,
    kind,
    onHandDelta,
    reservedDelta,
    onHandAfter: after.onHand,
    reservedAfter: after.reserved,
    note: who.note ?? null,
    orderRef: who.orderRef ?? null,
    actorUserId: who.actorUserId ?? null,
  });
  const availableDelta = onHandDelta - reservedDelta;
  if (availableDelta !== 0) {
    await tx.execute(sql`update products set stock_available = stock_available + ${availableDelta}
      where id = (select product_id from product_variants where id = ${after.variantId})`);
  }
  return after;
}

/**
 * A person's change of the quantity on hand: +received/returned/opening, −damaged, ±correction.
 * A decrease may not eat into reserved units (409).
 */
export async function adjustStock(
  tx: DbOrTx,
  input: { variantId: number; warehouseId: number; delta: number; reason: AdjustmentReason | 'opening' } & Who,
): Promise<StockLevel> {
  if (!Number.isInteger(input.delta) || input.delta === 0 || Math.abs(input.delta) > MAX_STOCK_QUANTITY) {
    throw invalid({ delta: [`Enter a change other than 0, at most ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')} either way.`] });
  }
  if ((input.reason === 'received' || input.reason === 'returned' || input.reason === 'opening') && input.delta < 0) {
    throw invalid({ delta: ['Received, returned and opening stock add units: enter a positive number.'] });
  }
  if (input.reason === 'damaged' && input.delta > 0) throw invalid({ delta: ['Damaged stock removes units: enter a negative number.'] });
  const level = await stockLevelFor(tx, input.variantId, input.warehouseId);
  return move(tx, level.id, input.reason, input.delta, 0, input);
}

export interface StockLine {
  variantId: number;
  warehouseId: number;
  quantity: number;
}

/**
 * Lines of one order summed per level (two lines of one item are one check, medusa#16502) and
 * taken in a fixed order (level id), so two orders locking the same levels never deadlock.
 */
async function levelsFor(tx: DbOrTx, lines: StockLine[]): Promise<{ level: StockLevel; quantity: number }[]> {
  const summed = new Map<string, StockLine>();
  for (const line of lines) {
    checkQuantity(line.quantity);
    const key = `${line.variantId}:${line.warehouseId}`;
    const seen = summed.get(key);
    summed.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const levels = [];
  for (const line of summed.values()) levels.push({ level: await stockLevelFor(tx, line.variantId, line.warehouseId), quantity: line.quantity });
  return levels.sort((a, b) => a.level.id - b.level.id);
}

/** Reserves every line or none (the caller's transaction rolls back on the 409). */
export async function reserveStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  const out = [];
  for (const { level, quantity } of await levelsFor(tx, lines)) out.push(await move(tx, level.id, 'reserve', 0, quantity, who));
  return out;
}

/** Gives reserved units back (an order cancelled before shipping). */
export async function releaseStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  const out = [];
  for (const { level, quantity } of await levelsFor(tx, lines)) out.push(await move(tx, level.id, 'release', 0, -quantity, who));
  return out;
}

/** Reserved units leave the warehouse: on hand and reserved both drop, available is unchanged. */
export async function shipStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  const out = [];
  for (const { level, quantity } of await levelsFor(tx, lines)) out.push(await move(tx, level.id, 'ship', -quantity, -quantity, who));
  return out;
}

/** A returned parcel back on the shelf (a return or an RTO that is sellable again). */
export async function restockStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  const out = [];
  for (const { level, quantity } of await levelsFor(tx, lines)) out.push(await move(tx, level.id, 'restock', quantity, 0, who));
  return out;
}

/**
 * The levels as the ledger says they should be: for each level, the sums of its movements'
 * deltas. Every level must equal its row here (tests check it; an operator can run it to audit).
 */
export async function levelsFromLedger(tx: DbOrTx): Promise<Map<number, { onHand: number; reserved: number }>> {
  const rows = await tx
    .select({
      levelId: stockMovements.stockLevelId,
      onHand: sql<number>`sum(${stockMovements.onHandDelta})::int`,
      reserved: sql<number>`sum(${stockMovements.reservedDelta})::int`,
    })
    .from(stockMovements)
    .groupBy(stockMovements.stockLevelId);
  return new Map(rows.map((r) => [r.levelId, { onHand: Number(r.onHand), reserved: Number(r.reserved) }]));
}
