/**
 * GET /api/products/{id}/variants: the product's option groups, variants (prices in paise; the
 * cost only for the vendor), their stock per warehouse, and its ships-from warehouses.
 * PUT: saves the whole grid with the product's `version` (docs/products.md, "Variants and options").
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { variantGridSchema } from '@/features/products/variants.schema.ts';
import { getVariantGrid } from '@/features/products/product-variants.server.ts';
import { saveProductVariants } from '@/app/products/variant-grid.server.ts';

const productId = (raw: string | undefined) => {
  if (!isRecordId(raw)) throw notFound('That product does not exist.');
  return Number(raw);
};

export const GET = endpoint(async ({ params, locals }) => json({ data: await getVariantGrid(db(), locals.principal!, productId(params.id)) }));

export const PUT = endpoint(async ({ params, request, locals }) => {
  const id = productId(params.id);
  const input = await readJson(request, variantGridSchema);
  const data = await saveProductVariants(db(), locals.actor, locals.principal!, id, input);
  return json({ message: 'Variants saved.', data });
});
