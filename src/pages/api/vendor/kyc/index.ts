/**
 * GET /api/vendor/kyc: the signed-in vendor's KYC step (bank account masked: a vendor sees only the
 * last 4 digits of what they typed). PUT: save it (JSON, multipart or form), while the store is
 * draft or rejected.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { forbidden } from '@/lib/http/errors.ts';
import { kycSchema } from '@/features/vendors/vendor-kyc.schema.ts';
import { findVendor } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';
import { kycOf, saveKyc } from '@/features/vendors/vendors.service.server.ts';

async function myVendor(locals: App.Locals) {
  const id = locals.principal!.vendor?.id;
  const vendor = id ? await findVendor(db(), id) : undefined;
  if (!vendor) throw forbidden('Finish your store setup first.');
  return vendor;
}

export const GET = endpoint(async ({ locals }) => json({ data: await kycOf(db(), await myVendor(locals), { reveal: false }) }));

export const PUT = endpoint(async ({ request, locals }) => {
  const vendor = await myVendor(locals);
  const input = await readInput(request, kycSchema);
  await saveKyc(db(), locals.actor, vendor.id, input);
  return json({ message: 'Business and bank details saved.', data: await kycOf(db(), (await findVendor(db(), vendor.id))!, { reveal: false }) });
});
