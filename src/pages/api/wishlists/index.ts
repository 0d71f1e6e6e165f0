/** GET /api/wishlists: the list contract over customers' wishlists (staff with wishlist:list). Read-only. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { wishlistSource } from '@/features/wishlists/wishlist.source.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await wishlistSource.list(db(), { principal: locals.principal!, actor: locals.actor }, wishlistSource.parseListQuery(queryObject(url)))),
);
