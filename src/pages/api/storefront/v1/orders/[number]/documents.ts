/**
 * GET /api/storefront/v1/orders/:number/documents (write-orders): the tax invoices and credit notes
 * of an order this key placed, with their PDFs' addresses, for the customer. Another key's order is a 404.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { storefrontDocuments } from '@/features/invoices/document-read.server.ts';

export const GET = endpoint(async (context) => json({ data: await storefrontDocuments(db(), context.locals.storefrontKey!.id, context.params.number ?? '') }));
