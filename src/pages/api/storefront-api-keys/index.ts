/**
 * GET /api/storefront-api-keys: every storefront API key (never its secret).
 * POST { name, scopes, rate_limit_per_minute? }: a new key; the answer carries its secret, the only
 * time it is ever shown. Both need global-settings:create (the keys live under global settings).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { apiKeyInputSchema } from '@/features/orders/order.schema.ts';
import { createStorefrontKey, listStorefrontKeys } from '@/features/orders/storefront-keys.server.ts';

export const GET = endpoint(async () => json({ data: await listStorefrontKeys(db()) }));

export const POST = endpoint(async (context) => {
  const input = await readInput(context.request, apiKeyInputSchema);
  const { key, secret } = await createStorefrontKey(db(), context.locals.actor, context.locals.principal!.user.id, input);
  return json({ message: `Key “${key.name}” created. Copy it now: it is shown only once.`, data: { ...key, secret } }, { status: 201 });
});
