/** GET /api/orders/export?<list params>[&ids=]: the filtered sub-orders as CSV (a vendor's own only). */
import { orderExportEndpoint } from '@/app/orders/order-list-endpoints.server.ts';

export const GET = orderExportEndpoint('orders');
