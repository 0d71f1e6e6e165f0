import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/boot.server.ts';
import { json } from '@/lib/http/api.server.ts';

/** For load balancers: 200 once the database answers. */
export const GET: APIRoute = async () => {
  await db().execute(sql`select 1`);
  return json({ status: 'ok' });
};
