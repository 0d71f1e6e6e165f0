/** POST /api/storefront/v1/orders/:number/return { reason } (write-orders): the customer's request; requests the return of every delivered parcel. 409 when none can. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { customerRequestSchema } from '@/features/orders/order.schema.ts';
import { orderIdByNumber, storefrontOrder } from '@/features/orders/storefront.server.ts';
import { customerRequest } from '@/app/orders/order-transitions.server.ts';

export const POST = endpoint(async (context) => {
  const orderId = await orderIdByNumber(db(), context.params.number ?? '');
  const { reason } = await readJson(context.request, customerRequestSchema);
  const key = context.locals.storefrontKey!;
  await customerRequest(
    db(),
    { kind: 'customer', vendorId: null, userId: null, label: `Customer (storefront key ${key.name})`, actor: context.locals.actor },
    orderId,
    'request_return',
    reason,
  );
  return json({ data: await storefrontOrder(db(), orderId) });
});
