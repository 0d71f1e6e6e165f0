/** GET /api/storefront/v1/products/:id (read-catalogue): one product on sale, with its variants; 404 when it isn't on sale. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { catalogueProduct } from '@/features/orders/storefront.server.ts';

export const GET = endpoint(async (context) => json({ data: await catalogueProduct(db(), idParam(context)) }));
