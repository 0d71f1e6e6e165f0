/**
 * POST /api/storefront/v1/orders/quote (write-orders): the cart priced by placing's own code path —
 * lines, promotions, the coupon, GST on the discounted lines, the delivery charge — in a read-only
 * transaction: nothing is written, no stock held, no coupon use taken. The checkout shows the
 * discount before the customer pays; placing may still refuse (stock or the coupon's last use gone).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { placeOrderSchema } from '@/features/orders/order.schema.ts';
import { quoteOrder, quoteView } from '@/app/orders/order-placing.server.ts';

export const POST = endpoint(async (context) => {
  const input = await readJson(context.request, placeOrderSchema);
  return json({ data: quoteView(await quoteOrder(db(), input)) });
});
