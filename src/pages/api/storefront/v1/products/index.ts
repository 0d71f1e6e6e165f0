/** GET /api/storefront/v1/products?after=&limit= (read-catalogue): active products of active vendors, with variants, prices in paise and available units. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { catalogueQuerySchema, listCatalogue } from '@/features/orders/storefront.server.ts';

export const GET = endpoint(async ({ url }) => json(await listCatalogue(db(), parseWith(catalogueQuerySchema, queryObject(url)))));
