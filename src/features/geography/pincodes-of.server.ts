/**
 * Every pincode of one city or one state, for a pincode-set field's "add a whole city or state"
 * (GET <field.pincodesOf>?city_id= or ?state_id=). The route carries the area's list permission;
 * pincodes are public data, so nothing more is checked here.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { db } from '@/lib/boot.server.ts';
import { pincodeInC, pincodes } from './geography.tables.ts';
import { json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { recordId } from '@/lib/areas/field-schemas.ts';

const pincodesOfQuery = z
  .strictObject({ city_id: recordId('city_id must be a city id.').optional(), state_id: recordId('state_id must be a state id.').optional() })
  .refine((q) => (q.city_id === undefined) !== (q.state_id === undefined), { message: 'Send either city_id or state_id.', path: ['city_id'] });

export async function pincodesOf(context: APIContext) {
  const q = parseWith(pincodesOfQuery, queryObject(context.url));
  const rows = await db()
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(q.city_id !== undefined ? eq(pincodes.cityId, q.city_id) : eq(pincodes.stateId, q.state_id!))
    .orderBy(asc(pincodeInC));
  return json({ data: rows.map((r) => r.pincode) });
}
