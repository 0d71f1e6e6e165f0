/**
 * The variant grid's save with its opening stock: the products feature saves the grid, the stock
 * core (inventories) writes each new variant's opening units with a ledger row, in the same
 * transaction. Composed here because features don't import each other (docs/architecture.md).
 */
import type { Db } from '@/lib/db/client.server.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { adjustStock } from '@/features/inventories/stock.server.ts';
import { saveVariantGrid, type OpeningStockWriter } from '@/features/products/product-variants.server.ts';
import type { VariantGridInput } from '@/features/products/variants.schema.ts';

const writeOpeningStock: OpeningStockWriter = async (tx, { variantId, warehouseId, quantity, actorUserId }) => {
  await adjustStock(tx, { variantId, warehouseId, delta: quantity, reason: 'opening', actorUserId });
};

export const saveProductVariants = (db: Db, actor: Actor, principal: Principal, productId: number, input: VariantGridInput) =>
  saveVariantGrid(db, actor, principal, productId, input, writeOpeningStock);
