/**
 * Demo GST rates, one per slab in force since 22 September 2025 (0, 0.25, 3, 5, 18, 40), with a
 * real HSN or SAC code each, plus the retired 12% slab kept inactive; the demo products get theirs,
 * so "in use" shows and such a rate can't be deleted.
 */
import { eq } from 'drizzle-orm';
import { products } from '../products/product.tables.ts';
import { taxes } from './tax.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

/** name, rate %, HSN/SAC, price mode, status. */
const TAXES: [string, string, string, 'inclusive' | 'exclusive', 'active' | 'inactive'][] = [
  ['Printed books (GST 0%)', '0.00', '4901', 'inclusive', 'active'],
  ['Rough diamonds (GST 0.25%)', '0.25', '7102', 'inclusive', 'active'],
  ['Gold and silver jewellery (GST 3%)', '3.00', '7113', 'inclusive', 'active'],
  ['Apparel up to ₹2,500 (GST 5%)', '5.00', '6204', 'inclusive', 'active'],
  ['Silk sarees and fabric (GST 5%)', '5.00', '5007', 'inclusive', 'active'],
  ['Bed and bath linen (GST 5%)', '5.00', '6302', 'inclusive', 'active'],
  ['Hair oil and shampoo (GST 5%)', '5.00', '3305', 'inclusive', 'active'],
  ['Apparel above ₹2,500 (GST 18%)', '18.00', '62044290', 'inclusive', 'active'],
  ['Courier services (GST 18%)', '18.00', '996812', 'exclusive', 'active'],
  ['Aerated drinks (GST 40%)', '40.00', '2202', 'inclusive', 'active'],
  ['Bed linen, before 22 Sep 2025 (GST 12%)', '12.00', '630231', 'inclusive', 'inactive'],
];

/** Demo products by SKU → tax name. */
const PRODUCT_TAX: Record<string, string> = {
  'DFH-KUR-001': 'Apparel up to ₹2,500 (GST 5%)',
  'DFH-SHI-002': 'Apparel up to ₹2,500 (GST 5%)',
  'DFH-DUP-003': 'Apparel up to ₹2,500 (GST 5%)',
  'KVH-SAR-001': 'Silk sarees and fabric (GST 5%)',
  'KVH-TOW-002': 'Bed and bath linen (GST 5%)',
};

export const seedTaxes: DemoSeed = async (tx, { at, productIds }) => {
  const made = await tx
    .insert(taxes)
    .values(TAXES.map(([name, ratePercent, hsnCode, priceMode, status]) => ({ name, ratePercent, hsnCode, priceMode, status, createdAt: at, updatedAt: at })))
    .returning();
  for (const [sku, name] of Object.entries(PRODUCT_TAX)) {
    await tx
      .update(products)
      .set({ taxId: made.find((t) => t.name === name)!.id })
      .where(eq(products.id, productIds[sku]!));
  }
};
