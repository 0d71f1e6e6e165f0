/**
 * The bulk import's runner with its stock writes: the products feature reads and writes the file's
 * products, the stock core (inventories) moves each level with a ledger row (opening stock of a new
 * variant, a correction of a saved one), in the batch's transaction. Composed here because features
 * don't import each other (docs/architecture.md).
 */
import type { Db } from '@/lib/db/client.server.ts';
import { logger } from '@/lib/log.server.ts';
import { adjustStock, openNewLevels } from '@/features/inventories/stock.server.ts';
import { startImportRunner } from '@/features/products/product-import-jobs.server.ts';
import type { ImportStockWriter } from '@/features/products/product-import.server.ts';

const writeStock: ImportStockWriter = {
  open: (tx, lines, who) => openNewLevels(tx, lines, who),
  correct: async (tx, { variantId, warehouseId, delta, actorUserId, note }) => {
    await adjustStock(tx, { variantId, warehouseId, delta, reason: 'correction', actorUserId, note });
  },
};

/** Starts this server's import runner (every server runs one; a job is run by exactly one of them). */
export function startProductImports(db: Db, driver: 'pglite' | 'postgres'): void {
  startImportRunner(db, driver, writeStock, {
    info: (o, m) => logger().info(o, m),
    error: (o, m) => logger().error(o, m),
  });
}
