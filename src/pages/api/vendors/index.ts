/** GET /api/vendors: the list contract over vendors (staff with vendors:list). Vendors sign up themselves: there is no POST. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { vendorSource } from '@/features/vendors/vendor.source.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await vendorSource.list(db(), { principal: locals.principal!, actor: locals.actor }, vendorSource.parseListQuery(queryObject(url)))),
);
