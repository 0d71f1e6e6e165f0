/** POST /api/storefront-api-keys/:id/revoke (global-settings:create): the key is refused from the next request on. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { revokeStorefrontKey } from '@/features/orders/storefront-keys.server.ts';

export const POST = endpoint(async (context) => {
  const key = await revokeStorefrontKey(db(), context.locals.actor, idParam(context));
  return json({ message: `Key “${key.name}” revoked.`, data: key });
});
