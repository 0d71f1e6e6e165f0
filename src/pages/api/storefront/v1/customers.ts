/** POST /api/storefront/v1/customers { name, email, phone } (write-orders): finds the customer by email or phone, or creates them. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { customerInputSchema } from '@/features/orders/order.schema.ts';
import { storefrontUpsertCustomer } from '@/features/orders/storefront.server.ts';

export const POST = endpoint(async (context) => {
  const input = await readJson(context.request, customerInputSchema);
  const customer = await storefrontUpsertCustomer(db(), context.locals.actor, input);
  return json({ data: customer }, { status: customer.created ? 201 : 200 });
});
