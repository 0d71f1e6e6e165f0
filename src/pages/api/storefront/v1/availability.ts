/** GET /api/storefront/v1/availability?sku=&pincode= (read-catalogue): serviceability, COD, available units and delivery days. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { availability, availabilityQuerySchema } from '@/features/orders/storefront.server.ts';

export const GET = endpoint(async ({ url }) => json({ data: await availability(db(), parseWith(availabilityQuerySchema, queryObject(url))) }));
