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
import { and, eq, inArray, sql } from 'drizzle-orm';
// Relative imports: the demo seed runs this under plain Node (scripts/seed.ts), which has no @/ alias.
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { conflict, invalid, notFound } from '../../lib/http/errors.ts';
import { products, productVariants } from '../products/product.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { stockLevels, stockMovements } from './inventory.tables.ts';
import { MAX_STOCK_QUANTITY, type AdjustmentReason } from './inventory.schema.ts';

export { ADJUSTMENT_REASONS, MAX_STOCK_QUANTITY, type AdjustmentReason } from './inventory.schema.ts';
export type StockMovementKind = AdjustmentReason | 'opening' | 'reserve' | 'release' | 'ship' | 'restock';

/** The most one level may hold: far below int4's limit, so no sum of moves can overflow a column. */
export const MAX_ON_HAND = 1_000_000_000;

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

/** How a level moved: what the ledger row says, and what the products' totals must follow. */
interface Moved {
  level: StockLevel;
  /** Change of available (on hand − reserved) on this level. */
  availableDelta: number;
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
 * 0 ≤ reserved ≤ on hand ≤ MAX_ON_HAND (and, when `expectedVersion` is given, the level is still
 * that version); writes the ledger row. Returns the level after the move; a move the level can't
 * take is a 409 saying what is there. The products' available totals are the caller's to apply
 * (applyProductTotals), after every level of the call has moved: see there why.
 */
async function moveLevel(
  tx: DbOrTx,
  levelId: number,
  kind: StockMovementKind,
  onHandDelta: number,
  reservedDelta: number,
  who: Who,
  expectedVersion?: number,
): Promise<Moved> {
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
        sql`${stockLevels.onHand} + ${onHandDelta} <= ${MAX_ON_HAND}`,
        expectedVersion === undefined ? undefined : eq(stockLevels.version, expectedVersion),
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
  if (!after) throw await refusal(tx, levelId, kind, onHandDelta, reservedDelta, expectedVersion);
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
  return { level: after, availableDelta: onHandDelta - reservedDelta };
}

/** Why a conditional move touched nothing, read after the fact: the 409 (or 404) to answer. */
async function refusal(tx: DbOrTx, levelId: number, kind: StockMovementKind, onHandDelta: number, reservedDelta: number, expectedVersion?: number) {
  const [now] = await tx
    .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved, version: stockLevels.version })
    .from(stockLevels)
    .where(eq(stockLevels.id, levelId))
    .limit(1);
  if (!now) return notFound('That stock level does not exist.');
  const available = now.onHand - now.reserved;
  if (expectedVersion !== undefined && now.version !== expectedVersion) {
    return conflict(
      `This stock level changed since you opened it: now ${now.onHand} on hand, ${now.reserved} reserved, ${available} available. Reload and try again.`,
    );
  }
  if (now.reserved + reservedDelta < 0) {
    return conflict(`Only ${now.reserved} reserved here; nothing to ${kind === 'ship' ? 'ship' : 'release'} beyond that.`, {
      quantity: [`Only ${now.reserved} reserved.`],
    });
  }
  if (now.onHand + onHandDelta > MAX_ON_HAND) {
    return conflict(`A level holds at most ${MAX_ON_HAND.toLocaleString('en-IN')} units; this one has ${now.onHand}.`, { delta: ['Too many units.'] });
  }
  const field = kind === 'reserve' ? 'quantity' : 'delta';
  return conflict(`Only ${available} available here (${now.onHand} on hand, ${now.reserved} reserved).`, { [field]: [`Only ${available} available.`] });
}

/**
 * Adds the moves' available changes to their products' `stock_available`, one UPDATE per product in
 * product id order, after every level has moved. Locks are then always taken levels first (in level
 * id order) and products second (in product id order): two calls touching levels of the same two
 * products can't each hold one product and wait for the other (a deadlock when the product was
 * updated right after each level).
 */
async function applyProductTotals(tx: DbOrTx, moves: Moved[]): Promise<void> {
  const byVariant = new Map<number, number>();
  for (const m of moves) if (m.availableDelta !== 0) byVariant.set(m.level.variantId, (byVariant.get(m.level.variantId) ?? 0) + m.availableDelta);
  if (!byVariant.size) return;
  const variantRows = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, [...byVariant.keys()]));
  const byProduct = new Map<number, number>();
  for (const v of variantRows) byProduct.set(v.productId, (byProduct.get(v.productId) ?? 0) + byVariant.get(v.id)!);
  for (const [productId, delta] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    if (delta !== 0)
      await tx
        .update(products)
        .set({ stockAvailable: sql`${products.stockAvailable} + ${delta}` })
        .where(eq(products.id, productId));
  }
}

/**
 * A person's change of the quantity on hand: +received/returned/opening, −damaged, ±correction.
 * A decrease may not eat into reserved units (409). `levelId` + `expectedVersion` (the edit page and
 * its API) change that level only if nobody changed it since it was read (409 otherwise);
 * `variantId` + `warehouseId` (opening stock of a new variant) find the level or start it at zero.
 */
export async function adjustStock(
  tx: DbOrTx,
  input: ({ variantId: number; warehouseId: number } | { levelId: number; expectedVersion?: number }) & {
    delta: number;
    reason: AdjustmentReason | 'opening';
  } & Who,
): Promise<StockLevel> {
  if (!Number.isInteger(input.delta) || input.delta === 0 || Math.abs(input.delta) > MAX_STOCK_QUANTITY) {
    throw invalid({ delta: [`Enter a change other than 0, at most ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')} either way.`] });
  }
  if ((input.reason === 'received' || input.reason === 'returned' || input.reason === 'opening') && input.delta < 0) {
    throw invalid({ delta: ['Received, returned and opening stock add units: enter a positive number.'] });
  }
  if (input.reason === 'damaged' && input.delta > 0) throw invalid({ delta: ['Damaged stock removes units: enter a negative number.'] });
  const levelId = 'levelId' in input ? input.levelId : (await stockLevelFor(tx, input.variantId, input.warehouseId)).id;
  const moved = await moveLevel(tx, levelId, input.reason, input.delta, 0, input, 'levelId' in input ? input.expectedVersion : undefined);
  await applyProductTotals(tx, [moved]);
  return moved.level;
}

/**
 * Opening stock of variants created in the caller's transaction, many at once (the bulk import of
 * issue 16, where one level at a time was seven statements per level): each level is new, so it
 * starts at its quantity with its `opening` ledger row, two statements for the lot. A warehouse that
 * is not the variant's vendor's own, a level that already exists, or a quantity out of bounds is a
 * 422 and nothing is written. The products' `stock_available` is the caller's to refresh
 * (refreshProductSummary), as after any change of variants.
 */
export async function openNewLevels(tx: DbOrTx, lines: readonly { variantId: number; warehouseId: number; quantity: number }[], who: Who): Promise<void> {
  const wanted = lines.filter((l) => l.quantity !== 0);
  if (!wanted.length) return;
  for (const l of wanted) {
    if (!Number.isInteger(l.quantity) || l.quantity < 0 || l.quantity > MAX_STOCK_QUANTITY)
      throw invalid({ quantity: [`Enter a whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')}.`] });
  }
  // Integer arrays as one text parameter each (a JS array in sql`` would be spread into a list).
  const ints = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(${ints(wanted.map((l) => l.variantId))}::int[], ${ints(wanted.map((l) => l.warehouseId))}::int[], ${ints(wanted.map((l) => l.quantity))}::int[])
        as i(variant_id, warehouse_id, quantity)
    ), levels as (
      insert into stock_levels (variant_id, warehouse_id, vendor_id, on_hand)
      select i.variant_id, i.warehouse_id, v.vendor_id, i.quantity
      from input i
      join product_variants v on v.id = i.variant_id
      join warehouses w on w.id = i.warehouse_id and w.vendor_id = v.vendor_id
      on conflict do nothing
      returning id, on_hand
    )
    insert into stock_movements (stock_level_id, kind, on_hand_delta, reserved_delta, on_hand_after, reserved_after, note, actor_user_id)
    select id, 'opening', on_hand, 0, on_hand, 0, ${who.note ?? null}, ${who.actorUserId ?? null}::int from levels
    returning stock_level_id`);
  const written = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).length;
  if (written !== wanted.length) throw invalid({ warehouse_id: ['Opening stock goes into a new level of one of the vendor’s own warehouses.'] });
}

export interface StockLine {
  variantId: number;
  warehouseId: number;
  quantity: number;
}

/**
 * Lines of one order summed per level (two lines of one item are one check, medusa#16502) and
 * taken in a fixed order (level id), so two orders locking the same levels never deadlock. The
 * levels must exist: an order's calls never create one (a variant never stocked in a warehouse has
 * nothing to reserve there: 409), except a restock, which may put a return on a new shelf.
 */
async function levelsFor(tx: DbOrTx, lines: StockLine[], create: boolean): Promise<{ levelId: number; quantity: number }[]> {
  if (!lines.length) throw invalid({ lines: ['Give at least one line.'] });
  const summed = new Map<string, StockLine>();
  for (const line of lines) {
    checkQuantity(line.quantity);
    const key = `${line.variantId}:${line.warehouseId}`;
    const seen = summed.get(key);
    summed.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const levels: { levelId: number; quantity: number }[] = [];
  for (const line of summed.values()) {
    checkQuantity(line.quantity);
    if (create) {
      levels.push({ levelId: (await stockLevelFor(tx, line.variantId, line.warehouseId)).id, quantity: line.quantity });
      continue;
    }
    const [level] = await tx
      .select({ id: stockLevels.id })
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, line.variantId), eq(stockLevels.warehouseId, line.warehouseId)))
      .limit(1);
    if (!level) throw conflict('This item is not stocked in that warehouse: 0 available.', { quantity: ['Only 0 available.'] });
    levels.push({ levelId: level.id, quantity: line.quantity });
  }
  return levels.sort((a, b) => a.levelId - b.levelId);
}

async function moveLines(
  tx: DbOrTx,
  lines: StockLine[],
  kind: 'reserve' | 'release' | 'ship' | 'restock',
  deltas: (quantity: number) => [onHand: number, reserved: number],
  who: Who,
): Promise<StockLevel[]> {
  const moves: Moved[] = [];
  for (const { levelId, quantity } of await levelsFor(tx, lines, kind === 'restock')) {
    const [onHand, reserved] = deltas(quantity);
    moves.push(await moveLevel(tx, levelId, kind, onHand, reserved, who));
  }
  await applyProductTotals(tx, moves);
  return moves.map((m) => m.level);
}

/**
 * Reserves every line or none: a line that can't be had is a 409 and the caller's transaction
 * (which must roll back on it) undoes the lines before it.
 */
export function reserveStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  return moveLines(tx, lines, 'reserve', (q) => [0, q], who);
}

/** Gives reserved units back (an order cancelled before shipping). */
export function releaseStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  return moveLines(tx, lines, 'release', (q) => [0, -q], who);
}

/** Reserved units leave the warehouse: on hand and reserved both drop, available is unchanged. */
export function shipStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  return moveLines(tx, lines, 'ship', (q) => [-q, -q], who);
}

/** A returned parcel back on the shelf (a return or an RTO that is sellable again). */
export function restockStock(tx: DbOrTx, lines: StockLine[], who: Who & { orderRef: string }): Promise<StockLevel[]> {
  return moveLines(tx, lines, 'restock', (q) => [q, 0], who);
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
