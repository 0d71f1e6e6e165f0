/** GET /api/wishlists/:id: one customer's wishlist with its products, variants, prices (paise) and when each was added. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { wishlistDetails } from '@/features/wishlists/wishlist.source.server.ts';

export const GET = endpoint(async (context) => json({ data: await wishlistDetails(db(), idParam(context)) }));
