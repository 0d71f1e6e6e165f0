import { endpoint } from '@/lib/http/api.server.ts';
import { pincodesOf } from '@/features/geography/pincodes-of.server.ts';

/** GET /api/delivery-zones/pincodes-of?city_id= | ?state_id=: the pincodes a zone's form adds at once. */
export const GET = endpoint(pincodesOf);
