/**
 * GET /api/vendors/:id: one vendor with its KYC (the bank account masked, and document links,
 * only for vendors:view-kyc) and status history. PUT: a staff edit (vendors:update) with `version`.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { vendorUpdateSchema } from '@/features/vendors/vendor-kyc.schema.ts';
import { vendorDetails } from '@/features/vendors/vendors.service.server.ts';
import { saveVendor } from '@/app/vendors/onboarding.server.ts';

export const GET = endpoint(async (context) => json({ data: await vendorDetails(db(), idParam(context), { reveal: context.locals.can('vendors:view-kyc') }) }));

export const PUT = endpoint(async (context) => {
  const id = idParam(context);
  const input = await readInput(context.request, vendorUpdateSchema);
  await saveVendor(db(), context.locals.actor, id, input);
  return json({ message: 'Vendor saved.', data: await vendorDetails(db(), id, { reveal: context.locals.can('vendors:view-kyc') }) });
});
