import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/submit (./_transition.ts). */
export const POST = transitionEndpoint('submit');
