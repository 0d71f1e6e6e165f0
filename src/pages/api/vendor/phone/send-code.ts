/** POST /api/vendor/phone/send-code `{phone}`: sends a 6-digit code by SMS (429 with Retry-After past the limit). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { sendPhoneCodeSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { sendPhoneCode } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const { phone } = await readInput(request, sendPhoneCodeSchema);
  const pending = await sendPhoneCode(db(), locals.actor, locals.principal!.user.id, phone);
  return json({
    message: `We sent a 6-digit code to ${phone}.`,
    data: { phone: pending.phone, expires_at: pending.expiresAt.toISOString(), attempts_left: pending.attemptsLeft },
  });
});
