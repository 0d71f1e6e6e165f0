import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/reject (./_transition.ts). */
export const POST = transitionEndpoint('reject');
