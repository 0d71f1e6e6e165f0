/**
 * GET /api/vendor/store-details: the signed-in vendor's store, with its `version`.
 * PUT /api/vendor/store-details: edits it; send back the `version` you read (409 if it changed since).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { storeDetailsSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { findVendor, storeDetailsOf, updateStoreDetails } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';

export const GET = endpoint(async ({ locals }) => {
  const vendorId = locals.principal!.user.vendorId;
  const vendor = vendorId ? await findVendor(db(), vendorId) : undefined;
  if (!vendor) throw notFound('This account has no store yet.');
  return json({ data: storeDetailsOf(vendor) });
});

export const PUT = endpoint(async ({ request, locals }) => {
  const vendorId = locals.principal!.user.vendorId;
  if (!vendorId) throw notFound('This account has no store yet.');
  const { version, ...input } = await readInput(request, storeDetailsSchema);
  const vendor = await updateStoreDetails(db(), locals.actor, vendorId, input, version);
  return json({ message: 'Store details saved.', data: storeDetailsOf(vendor) });
});
