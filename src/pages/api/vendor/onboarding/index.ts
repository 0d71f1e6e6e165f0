/** GET /api/vendor/onboarding: which onboarding steps are done, and where to go next. */
import { endpoint, json } from '@/lib/http/api.server.ts';
import { onboardingStatusOf } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';

export const GET = endpoint(({ locals }) => json({ data: onboardingStatusOf(locals.principal!) }));
