/** GET /api/reviews/export?<list params>[&ids=]: the filtered reviews as CSV (a vendor's products' only). */
import { listExportEndpoint } from '@/lib/areas/list-export.server.ts';
import { reviewSource } from '@/features/reviews/review.source.server.ts';
import { reviewList } from '@/features/reviews/review.list.ts';

export const GET = listExportEndpoint({
  source: reviewSource,
  declaration: reviewList,
  fileStem: 'reviews',
  leading: [{ field: 'product_id', header: 'Product ID' }],
});
