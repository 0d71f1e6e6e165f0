import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/restore (./_transition.ts). */
export const POST = transitionEndpoint('restore');
