/** GET /api/payments: the list contract over payments and refunds (accountings:payment-list); a vendor's own orders' only (decision 042). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { paymentSource } from '@/features/payments/payment.source.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await paymentSource.list(db(), { principal: locals.principal!, actor: locals.actor }, paymentSource.parseListQuery(queryObject(url)))),
);
