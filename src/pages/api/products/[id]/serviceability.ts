/**
 * GET /api/products/{id}/serviceability?pincode=560001: whether any active delivery zone covers
 * the pincode, and which (add step 3's check).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { serviceabilityQuery } from '@/features/products/product-delivery.ts';
import { checkServiceability } from '@/features/products/product-delivery.server.ts';

export const GET = endpoint(async ({ params, url, locals }) => {
  if (!isRecordId(params.id)) throw notFound('That product does not exist.');
  const { pincode } = parseWith(serviceabilityQuery, queryObject(url));
  return json({ data: await checkServiceability(db(), locals.principal!, Number(params.id), pincode) });
});
