/** POST /api/vendor/onboarding/complete: finishes onboarding once the store is set up and the phone verified (422 otherwise). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { loadPrincipal } from '@/lib/auth/principal.server.ts';
import { completeOnboardingSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { onboardingStatusOf } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';
import { submitOnboarding } from '@/app/vendors/onboarding.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  await readInput(request, completeOnboardingSchema);
  const userId = locals.principal!.user.id;
  await submitOnboarding(db(), locals.actor, userId);
  const fresh = await loadPrincipal(db(), userId);
  return json({ message: 'Onboarding complete.', data: onboardingStatusOf(fresh ?? locals.principal!) });
});
