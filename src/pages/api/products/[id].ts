import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { getProduct } from '@/features/products/products.server.ts';

/** GET /api/products/{id}: another vendor's product is "not found" for a vendor. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = isRecordId(params.id) ? Number(params.id) : 0;
  const product = id ? await getProduct(db(), locals.principal!, id) : undefined;
  if (!product) throw notFound('Product not found.');
  return json({ data: product });
});
