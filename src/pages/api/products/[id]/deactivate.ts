import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/deactivate (./_transition.ts). */
export const POST = transitionEndpoint('deactivate');
