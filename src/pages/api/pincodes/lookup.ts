import { endpoint } from '@/lib/http/api.server.ts';
import { pincodeLookup } from '@/features/geography/pincode-lookup.server.ts';

/** GET /api/pincodes/lookup?code=560001 → { data: { id, pincode, state: {id, name}, city: {id, name} } }; 422 bad code, 404 unknown. */
export const GET = endpoint(pincodeLookup);
