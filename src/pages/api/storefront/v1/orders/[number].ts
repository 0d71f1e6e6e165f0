/** GET /api/storefront/v1/orders/:number (write-orders): the order's status, parcels with tracking, lines and totals. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { orderIdByNumber, storefrontOrder } from '@/features/orders/storefront.server.ts';

export const GET = endpoint(async (context) => json({ data: await storefrontOrder(db(), await orderIdByNumber(db(), context.params.number ?? '')) }));
