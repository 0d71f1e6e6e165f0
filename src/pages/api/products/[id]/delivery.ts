/**
 * GET /api/products/{id}/delivery: a product's delivery details (add step 3), with its `version`.
 * PUT: saves them — weight, package size, handling days and ships-from warehouses (the vendor's
 * own, active); send back the `version` you read (409 if it changed since).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { productDeliverySchema } from '@/features/products/product-delivery.ts';
import { getProductDelivery, saveProductDelivery } from '@/features/products/product-delivery.server.ts';

const productId = (raw: string | undefined) => {
  if (!isRecordId(raw)) throw notFound('That product does not exist.');
  return Number(raw);
};

export const GET = endpoint(async ({ params, locals }) => json({ data: await getProductDelivery(db(), locals.principal!, productId(params.id)) }));

export const PUT = endpoint(async ({ params, request, locals }) => {
  const id = productId(params.id);
  const input = await readInput(request, productDeliverySchema);
  const data = await saveProductDelivery(db(), locals.actor, locals.principal!, id, input);
  return json({ message: 'Delivery details saved.', data });
});
