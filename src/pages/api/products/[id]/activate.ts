import { transitionEndpoint } from './_transition.ts';

/** POST /api/products/:id/activate (./_transition.ts). */
export const POST = transitionEndpoint('activate');
