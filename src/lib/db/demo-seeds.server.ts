/**
 * What an area's demo records are given: each area keeps its own in `<area>.demo.server.ts`, and
 * the app lists them in src/app/db/demo-seeds.server.ts, added once to an empty database after the
 * accounts, brands, products and geography (src/app/db/seed.server.ts). Deterministic: fixed names,
 * values and dates.
 */
import type { Tx } from './client.server.ts';

export interface DemoContext {
  /** The demo data's creation date. */
  at: Date;
  vendorIds: { fashion: number; newVendor: number; kaveri: number };
  /** Demo brands by name ("Indigo Loom"). */
  brandIds: Record<string, number>;
  /** Demo products by SKU ("DFH-KUR-001"). */
  productIds: Record<string, number>;
}

export type DemoSeed = (tx: Tx, context: DemoContext) => Promise<void>;
