/** GET /api/earnings/export?<list params>[&ids=]: the filtered (or chosen) entries as CSV (every page; a vendor's own only), times in IST. */
import { listExportEndpoint } from '@/lib/areas/list-export.server.ts';
import { earningSource } from '@/features/earnings/earning.source.server.ts';
import { earningList } from '@/features/earnings/earning.list.ts';

export const GET = listExportEndpoint({ source: earningSource, declaration: earningList, fileStem: 'earnings' });
