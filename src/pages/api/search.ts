import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { globalSearch } from '@/app/search/search.server.ts';

const query = z.strictObject({ q: z.string().max(200).default('') });

/** GET /api/search?q=: pages the user may open and matching records of their areas. */
export const GET = endpoint(async ({ url, locals }) => {
  const { q } = parseWith(query, queryObject(url));
  return json({ data: await globalSearch(db(), locals.principal!, locals.can, q) });
});
