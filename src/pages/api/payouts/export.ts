/** GET /api/payouts/export?<list params>[&ids=]: the filtered (or chosen) payouts as CSV (every page; a vendor's own only), times in IST. */
import { listExportEndpoint } from '@/lib/areas/list-export.server.ts';
import { payoutSource } from '@/features/payouts/payout.source.server.ts';
import { payoutList } from '@/features/payouts/payout.list.ts';

export const GET = listExportEndpoint({ source: payoutSource, declaration: payoutList, fileStem: 'payouts' });
