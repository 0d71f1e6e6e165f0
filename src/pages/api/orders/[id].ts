/**
 * GET /api/orders/:id (orders:view): the order with its sub-orders, lines, timeline, payments,
 * notes and the actions open now. A vendor gets only their own sub-orders; 404 when none is theirs.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { orderDetails } from '@/features/orders/order-details.server.ts';

export const GET = endpoint(async (context) => json({ data: await orderDetails(db(), context.locals.principal!, idParam(context)) }));
