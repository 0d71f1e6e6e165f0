import { endpoint } from '@/lib/http/api.server.ts';
import { vendorOptions } from '@/features/vendors/vendor-options.server.ts';

/** GET /api/vendors/options?q=&ids=1,2: id and name of vendors, for staff pickers. */
export const GET = endpoint(vendorOptions);
