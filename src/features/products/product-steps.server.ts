/**
 * The add flow's four steps and which of them a saved product has completed, for the step
 * indicator (components/ProductSteps.astro) every step's page renders.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { rowsOf } from '@/lib/db/client.server.ts';

export const PRODUCT_STEPS = [
  { step: 1, label: 'Basic information', path: '/products/edit/:id' },
  { step: 2, label: 'Images', path: '/products/add-images/:id' },
  { step: 3, label: 'Delivery details', path: '/products/add-delivery-details/:id' },
  { step: 4, label: 'Pricing & variants', path: '/products/add-pricing-details/:id' },
] as const;

export type ProductStep = (typeof PRODUCT_STEPS)[number]['step'];

/** Step → complete. Basic information always is once saved; images: one or more; delivery: a weight and a warehouse; pricing: a variant. */
export type StepCompletion = Record<ProductStep, boolean>;

/** Which steps product `id` has completed (all false when it doesn't exist). One statement. */
export async function productStepCompletion(db: DbOrTx, id: number): Promise<StepCompletion> {
  const [row] = rowsOf<{ found: boolean; images: boolean; delivery: boolean; pricing: boolean }>(
    await db.execute(sql`
      select true as found,
        exists (select 1 from product_images i where i.product_id = p.id) as images,
        (p.weight_grams is not null and exists (select 1 from product_warehouses w where w.product_id = p.id)) as delivery,
        exists (select 1 from product_variants v where v.product_id = p.id) as pricing
      from products p where p.id = ${id}`),
  );
  return { 1: Boolean(row?.found), 2: Boolean(row?.images), 3: Boolean(row?.delivery), 4: Boolean(row?.pricing) };
}
