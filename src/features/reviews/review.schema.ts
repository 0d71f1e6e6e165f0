/**
 * What the review calls accept (zod): the storefront's review, moderation, the vendor's reply and
 * the storefront's page of a product's reviews. Shared by the server and the details page's island
 * (loaded on first use). No server imports.
 */
import { z } from 'zod';
import { requiredText } from '@/lib/areas/field-schemas.ts';
import { recordId } from '@/lib/http/integers.ts';
import { MAX_BODY_LENGTH, MAX_PHOTO_BYTES, MAX_REJECTION_REASON, MAX_REPLY_LENGTH, MAX_REVIEW_PHOTOS, MAX_TITLE_LENGTH } from './review-rules.ts';

export const rejectionReason = requiredText('Give the reason for rejecting the review (the customer may be told).', MAX_REJECTION_REASON);

export const moderateSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('published'), version: z.number().int().optional() }),
    z.strictObject({ status: z.literal('rejected'), reason: rejectionReason, version: z.number().int().optional() }),
  ],
  { error: 'Choose published or rejected.' },
);
export type ModerateInput = z.infer<typeof moderateSchema>;

export const replySchema = z.strictObject({ text: requiredText('Write the reply.', MAX_REPLY_LENGTH) });

/** One photo as the storefront sends it: the image's bytes in base64 (no URLs: the server fetches nothing). */
const photoSchema = z.strictObject({
  data: z
    .string('Send the photo’s bytes as base64 in data.')
    .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 8, `A photo is at most ${MAX_PHOTO_BYTES / 1_048_576} MB.`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data is not base64.'),
});

export const submitReviewSchema = z.strictObject({
  /** The customer's id, as POST /api/storefront/v1/customers answered it. */
  customer_id: recordId('Give the customer’s id (from POST /api/storefront/v1/customers).'),
  product_id: recordId('Give the product’s id.'),
  /** Which order the review is about; without it, the customer's latest delivered line of the product not yet reviewed. */
  order_number: z.string().trim().max(40).optional(),
  rating: z.number('Give a rating from 1 to 5.').int('Give a rating from 1 to 5.').min(1, 'Give a rating from 1 to 5.').max(5, 'Give a rating from 1 to 5.'),
  title: requiredText('Give the review a title.', MAX_TITLE_LENGTH),
  text: requiredText('Write the review.', MAX_BODY_LENGTH),
  photos: z.array(photoSchema).max(MAX_REVIEW_PHOTOS, `At most ${MAX_REVIEW_PHOTOS} photos.`).optional(),
});
export type SubmitReviewInput = z.infer<typeof submitReviewSchema>;

/** GET /api/storefront/v1/products/:id/reviews: which page of the published reviews. */
export const productReviewsQuery = z.strictObject({
  page: z.coerce
    .number('page is a whole number from 1.')
    .int('page is a whole number from 1.')
    .min(1, 'page is a whole number from 1.')
    .max(100_000)
    .default(1),
  per_page: z.coerce.number('per_page is 1 to 50.').int('per_page is 1 to 50.').min(1, 'per_page is 1 to 50.').max(50, 'per_page is 1 to 50.').default(10),
});
