/**
 * POST /api/webhooks/razorpay: Razorpay's payment and refund events (decision 042). The raw body is
 * read as bytes (the signature is over them); 200 with what was done, 400 for a bad signature.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readBodyBytes } from '@/lib/http/api.server.ts';
import { handleRazorpayWebhook } from '@/app/payments/payment-webhook.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const rawBody = await readBodyBytes(request);
  const result = await handleRazorpayWebhook(db(), {
    rawBody,
    signature: request.headers.get('x-razorpay-signature'),
    eventId: request.headers.get('x-razorpay-event-id'),
    actor: locals.actor,
    log: locals.log,
  });
  return json({ data: result });
});
