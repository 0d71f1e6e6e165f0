import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { listProducts, productListQuery } from '@/features/products/products.server.ts';

/** GET /api/products: paged, scoped to the vendor for vendor accounts. */
export const GET = endpoint(async ({ url, locals }) => json(await listProducts(db(), locals.principal!, parseWith(productListQuery, queryObject(url)))));
