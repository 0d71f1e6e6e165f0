/** GET /api/earnings: the list contract over the earnings ledger (accountings:earning-list); a vendor's own entries only. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { earningSource } from '@/features/earnings/earning.source.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await earningSource.list(db(), { principal: locals.principal!, actor: locals.actor }, earningSource.parseListQuery(queryObject(url)))),
);
