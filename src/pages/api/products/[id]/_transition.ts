/**
 * POST /api/products/:id/{submit|approve|reject|activate|deactivate|archive|restore} with
 * `{ version, reason? }`: one move of the product status workflow (product-transitions.ts). The
 * registry asks products:update for the owner's moves and products:approve for a reviewer's; a
 * vendor acts only on their own products (another's is 404). Answers the product's new status and
 * version. Refusals: 409 (stale version, a move the status or the store's standing doesn't allow,
 * nothing to sell yet), 422 (a rejection without a reason), 403 (a vendor account reviewing).
 * Astro ignores this file (underscore); each action's file exports its handler.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { productTransitionSchema, productStatusLabel, type ProductTransition } from '@/features/products/product-transitions.ts';
import { transitionProduct } from '@/features/products/product-review.service.server.ts';

export const transitionEndpoint = (action: ProductTransition) =>
  endpoint(async (context) => {
    const id = idParam(context);
    const input = await readInput(context.request, productTransitionSchema);
    const after = await transitionProduct(db(), context.locals.principal!, context.locals.actor, id, action, input);
    return json({
      message: `${after.name} is now ${productStatusLabel(after.status).toLowerCase()}.`,
      data: { id: after.id, status: after.status, rejection_reason: after.rejectionReason, version: after.version },
    });
  });
