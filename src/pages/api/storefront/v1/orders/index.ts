/**
 * POST /api/storefront/v1/orders (write-orders), with an Idempotency-Key header: places the order
 * (src/features/orders/order-placing.server.ts). 201 with the order; a retry with the same key 200
 * with the same order; 409 listing the short lines (or a used-up coupon); 422 for a bad line, address,
 * pincode or coupon. The answer lists the discounts that applied and those `skipped`, with why.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, readJson } from '@/lib/http/api.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { idempotencyKeySchema, placeOrderSchema } from '@/features/orders/order.schema.ts';
import { placeOrder, skippedView } from '@/app/orders/order-placing.server.ts';
import { storefrontOrder } from '@/features/orders/storefront.server.ts';

export const POST = endpoint(async (context) => {
  const rawKey = context.request.headers.get('idempotency-key');
  if (rawKey === null) throw invalid({ 'Idempotency-Key': ['Send an Idempotency-Key header: a unique value per order, the same on every retry.'] });
  const idempotencyKey = parseWith(idempotencyKeySchema, rawKey);
  const input = await readJson(context.request, placeOrderSchema);
  const key = context.locals.storefrontKey!;
  const placed = await placeOrder(db(), { apiKeyId: key.id, apiKeyName: key.name, actor: context.locals.actor }, idempotencyKey, input);
  const order = await storefrontOrder(db(), placed.orderId);
  return json(
    { data: { ...order, skipped: placed.skipped.map(skippedView) } },
    { status: placed.created ? 201 : 200, headers: placed.created ? {} : { 'idempotency-replayed': 'true' } },
  );
});
