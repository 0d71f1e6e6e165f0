/** POST /api/vendor/phone/verify `{code}`: checks the code; on success the user's phone is verified. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { verifyPhoneCodeSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { verifyPhoneCode } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const { code } = await readInput(request, verifyPhoneCodeSchema);
  const user = await verifyPhoneCode(db(), locals.actor, locals.principal!.user.id, code);
  return json({
    message: 'Mobile number verified.',
    data: { phone: user.phone, phone_verified_at: user.phoneVerifiedAt?.toISOString() ?? null },
    next: '/vendor/onboarding',
  });
});
