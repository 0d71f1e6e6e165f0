/**
 * GET /api/product-matrix-groups/choices (products:update): the active option groups with their
 * ordered values and matrices, for the product form's option groups and variant grid.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { matrixGroupChoices } from '@/features/product-matrices/product-matrix-choices.server.ts';

export const GET = endpoint(async () => json({ data: await matrixGroupChoices(db()) }));
