/**
 * GET /api/pincodes/lookup?code=560001: the pincode's record, city and state, so an address form
 * can start with the pincode and fill the rest (the form kit's `addressPincode` fields). Any
 * signed-in user may ask (a vendor fills a warehouse address without managing geography): pincodes
 * are public reference data. One indexed row per question; the form asks once per complete code.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { pincode } from '@/lib/india/formats.ts';
import type { PincodeLookup } from '@/lib/india/pincode-lookup.ts';
import { cities, pincodeIs, pincodes, states } from './geography.tables.ts';

const lookupQuery = z.strictObject({ code: pincode });

export async function lookUpPincode(code: string): Promise<PincodeLookup | null> {
  const [row] = await db()
    .select({ id: pincodes.id, pincode: pincodes.pincode, stateId: states.id, stateName: states.name, cityId: cities.id, cityName: cities.name })
    .from(pincodes)
    .innerJoin(cities, eq(cities.id, pincodes.cityId))
    .innerJoin(states, eq(states.id, pincodes.stateId))
    // The "C" collation is the one the pincode's unique index holds (geography.tables.ts).
    .where(pincodeIs(code))
    .limit(1);
  return row ? { id: row.id, pincode: row.pincode, state: { id: row.stateId, name: row.stateName }, city: { id: row.cityId, name: row.cityName } } : null;
}

export async function pincodeLookup(context: APIContext): Promise<Response> {
  const { code } = parseWith(lookupQuery, queryObject(context.url));
  const found = await lookUpPincode(code);
  if (!found) throw notFound(`No pincode ${code} is known. Check the digits, or choose the state and city yourself.`);
  return json({ data: found });
}
