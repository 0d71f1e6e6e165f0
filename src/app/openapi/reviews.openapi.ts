/**
 * Customer feedback's part of the OpenAPI document (issue 17 §5): the back-office's list,
 * moderation and reply calls, and the storefront's "write a review" and "a product's reviews" in
 * the storefront section, with examples.
 */
import { z } from 'zod';
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { bulkStatusWithReasonSchema } from '@/lib/areas/area-schemas.ts';
import { moderateSchema, productReviewsQuery, rejectionReason, replySchema, submitReviewSchema } from '@/features/reviews/review.schema.ts';

const STOREFRONT = 'Storefront API v1';
const REVIEWS = 'Customer Feedback';

const reviewExample = {
  id: 12,
  product_id: 1,
  status: 'published',
  rating: 4,
  title: 'Soft fabric, true to size',
  text: 'The block print is even and the colour held after two washes.',
  reviewer: 'Asha R.',
  verified_purchase: true,
  photos: [{ url: '/uploads/reviews/1/5b0c…-480.webp', width: 1200, height: 1600 }],
  reply: { text: 'Thank you, Asha! Glad it fits well.', by: 'Demo Fashion House', at: '2026-11-27T09:30:00.000Z' },
  created_at: '2026-11-26T14:02:00.000Z',
};

export const REVIEW_OPERATIONS: Record<
  string,
  { summary: string; tag: string; body?: z.ZodType; query?: z.ZodObject; example?: unknown; responseExample?: unknown }
> = {
  'GET /api/reviews': {
    summary:
      'Customer Feedback (the list contract): product, customer, rating, title, status, date, vendor, reply; search by title, text, product or customer. A vendor sees reviews of their own products only; without customers:view the customer reads “Priya S.”',
    tag: REVIEWS,
    query: listQuerySchema,
  },
  'GET /api/reviews/export': { summary: 'The reviews list as CSV, with the list’s filters and search (or `ids`)', tag: REVIEWS, query: listQuerySchema },
  'POST /api/reviews/bulk-status': {
    summary:
      'Publish or reject the selected reviews (`ids`) or every one matching `filter`; rejecting needs `reason`. Those already in that status are named, not changed; 409 when none changed',
    tag: REVIEWS,
    body: bulkStatusWithReasonSchema,
    example: { ids: [12, 13], status: 'rejected', reason: 'Contains a phone number.' },
  },
  'GET /api/reviews/{id}': { summary: 'One review: the whole text, photos, the order and line it comes from, moderation history and the reply', tag: REVIEWS },
  'POST /api/reviews/{id}/moderate': {
    summary: 'Publish a review, or reject it with a reason (409 when it already has that status, or `version` is stale)',
    tag: REVIEWS,
    body: moderateSchema,
    example: { status: 'rejected', reason: 'Talks about the courier, not the product.' },
  },
  'PUT /api/reviews/{id}/reply': {
    summary: 'The product’s vendor writes or edits its one public reply (vendor accounts with reviews:reply; another vendor’s review is 404)',
    tag: REVIEWS,
    body: replySchema,
    example: { text: 'Thank you for the kind words!' },
  },
  'DELETE /api/reviews/{id}/reply': {
    summary: 'Staff remove an abusive reply; the reason stays in the review’s history and the activity log',
    tag: REVIEWS,
    body: z.strictObject({ reason: rejectionReason }),
    example: { reason: 'Insults the customer.' },
  },
  'POST /api/storefront/v1/reviews': {
    summary:
      'A customer reviews a product they received: 201 with the review (pending until moderated); 422 when no delivered order line of the product proves the purchase (in `order_number` when given), 409 when every such line is already reviewed. Photos: at most 4, each the image’s bytes in base64 (`data`, at most 2 MB decoded; JPEG, PNG, WebP or AVIF); the server fetches no URLs',
    tag: STOREFRONT,
    body: submitReviewSchema,
    example: {
      customer_id: 42,
      product_id: 1,
      order_number: 'OD-2026-000123',
      rating: 4,
      title: 'Soft fabric, true to size',
      text: 'The block print is even and the colour held after two washes.',
      photos: [{ data: 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=' }],
    },
    responseExample: { message: 'Thank you: the review is published once it has been checked.', data: { ...reviewExample, status: 'pending', reply: null } },
  },
  'GET /uploads/reviews/{product}/{file}': {
    summary:
      'A review photo’s resized WebP copy (`<uuid>-<160|480|1200>.webp`): public once its review is published, before that only to those who may see the review',
    tag: REVIEWS,
  },
  'GET /api/storefront/v1/products/{id}/reviews': {
    summary: 'A product’s published reviews, newest first, with the average rating (one decimal, null without reviews) and count',
    tag: STOREFRONT,
    query: productReviewsQuery,
    responseExample: { data: [reviewExample], meta: { average_rating: 4.3, count: 12, page: 1, per_page: 10, last_page: 2 } },
  },
};
