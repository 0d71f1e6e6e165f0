/** GET /api/orders: the list contract over sub-orders (src/features/orders/order.list.ts); a vendor's own only. */
import { orderListEndpoint } from '@/app/orders/order-list-endpoints.server.ts';

export const GET = orderListEndpoint('orders');
