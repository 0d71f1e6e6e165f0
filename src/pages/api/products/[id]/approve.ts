import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/approve (./_transition.ts). */
export const POST = transitionEndpoint('approve');
