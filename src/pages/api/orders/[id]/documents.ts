/**
 * GET /api/orders/:id/documents (orders:view): the order's tax invoices and credit notes, oldest
 * first, each with its PDF's address. A vendor gets only their own; none is an empty list.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { orderDocuments } from '@/features/invoices/document-read.server.ts';

export const GET = endpoint(async (context) => json({ data: await orderDocuments(db(), context.locals.principal!, idParam(context)) }));
