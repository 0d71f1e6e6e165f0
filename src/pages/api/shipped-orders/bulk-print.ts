/** POST /api/shipped-orders/bulk-print { ids | filter } (orders:view): the selected parcels' tax invoices and shipping labels as one PDF; a vendor's own only. */
import { orderPrintEndpoint } from '@/app/orders/order-list-endpoints.server.ts';

export const POST = orderPrintEndpoint('shipped-orders');
