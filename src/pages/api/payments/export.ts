/** GET /api/payments/export?<list params>[&ids=]: the filtered (or chosen) payments as CSV (every page; a vendor's own orders' only), times in IST. */
import { listExportEndpoint } from '@/lib/areas/list-export.server.ts';
import { paymentSource } from '@/features/payments/payment.source.server.ts';
import { paymentList } from '@/features/payments/payment.list.ts';

export const GET = listExportEndpoint({
  source: paymentSource,
  declaration: paymentList,
  fileStem: 'payments',
  leading: [{ field: 'order_id', header: 'Order ID' }],
});
