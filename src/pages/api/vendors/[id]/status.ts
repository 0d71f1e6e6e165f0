/**
 * POST /api/vendors/:id/status `{ action: approve|reject|suspend|reinstate, reason? }` (vendors:approve):
 * 409 when the vendor's status doesn't allow it (approving a draft), 422 without a reason for reject and suspend.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { transitionSchema } from '@/features/vendors/vendor-kyc.schema.ts';
import { transitionVendor, vendorDetails } from '@/features/vendors/vendors.service.server.ts';
import { statusLabel } from '@/features/vendors/vendor-status.ts';

export const POST = endpoint(async (context) => {
  const id = idParam(context);
  const { action, reason } = await readInput(context.request, transitionSchema);
  const after = await transitionVendor(db(), context.locals.actor, id, action, reason);
  return json({
    message: `${after.storeName ?? 'The vendor'} is now ${statusLabel(after.status).toLowerCase()}.`,
    data: await vendorDetails(db(), id, { reveal: context.locals.can('vendors:view-kyc') }),
  });
});
