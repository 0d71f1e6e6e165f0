/** POST /api/vendor/onboarding/submit: "Submit for approval" (draft or rejected → pending); 422 naming what is missing. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { forbidden } from '@/lib/http/errors.ts';
import { completeOnboardingSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { submitOnboarding } from '@/app/vendors/onboarding.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  await readInput(request, completeOnboardingSchema);
  if (!locals.principal!.vendor) throw forbidden('Finish your store setup first.');
  await submitOnboarding(db(), locals.actor, locals.principal!.user.id);
  return json({ message: 'Submitted for approval. We will tell you the decision by mail and in your notifications.', data: { status: 'pending' } });
});
