import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/archive (./_transition.ts). */
export const POST = transitionEndpoint('archive');
