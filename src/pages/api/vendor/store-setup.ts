/** POST /api/vendor/store-setup: first-time store setup (JSON, multipart or form), same rules as the page. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { storeSetupSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { completeStoreSetup, storeDetailsOf } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, storeSetupSchema);
  const vendor = await completeStoreSetup(db(), locals.actor, locals.principal!.user.id, input);
  return json({ message: 'Store setup saved.', data: storeDetailsOf(vendor), next: '/vendor/mobile-verification' });
});
