/** Customer feedback's pure rules (src/features/reviews/review-rules.ts, review.schema.ts). */
import { describe, expect, it } from 'vitest';
import { averageRating, moderationProblem, publicReviewerName, ratingSummary, stars } from '@/features/reviews/review-rules.ts';
import { moderateSchema, submitReviewSchema } from '@/features/reviews/review.schema.ts';

describe('a reviewer’s public name', () => {
  it('keeps the first name and the last name’s initial', () => {
    expect(publicReviewerName('Priya Sharma')).toBe('Priya S.');
    expect(publicReviewerName('  Anil  Kumar  reddy ')).toBe('Anil R.');
    expect(publicReviewerName('Meera')).toBe('Meera');
    expect(publicReviewerName('   ')).toBe('Customer');
  });
});

describe('the average rating', () => {
  it('is rounded to one decimal, null without reviews', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(5, 1)).toBe(5);
    expect(ratingSummary(null, 0)).toBe('No reviews yet');
    expect(ratingSummary(4, 1)).toBe('4.0 out of 5 (1 review)');
    expect(ratingSummary(4.3, 12)).toBe('4.3 out of 5 (12 reviews)');
    expect(stars(3)).toBe('★★★☆☆');
  });
});

describe('moderation', () => {
  it('moves pending and rejected to published, pending and published to rejected, never to the status it has', () => {
    expect(moderationProblem('pending', 'published')).toBeNull();
    expect(moderationProblem('rejected', 'published')).toBeNull();
    expect(moderationProblem('published', 'rejected')).toBeNull();
    expect(moderationProblem('published', 'published')).toBe('The review is already published.');
    expect(moderationProblem('rejected', 'rejected')).toBe('The review is already rejected.');
  });

  it('needs a reason to reject', () => {
    expect(moderateSchema.safeParse({ status: 'rejected' }).success).toBe(false);
    expect(moderateSchema.safeParse({ status: 'rejected', reason: '  ' }).success).toBe(false);
    expect(moderateSchema.safeParse({ status: 'rejected', reason: 'Spam' }).success).toBe(true);
    expect(moderateSchema.safeParse({ status: 'published' }).success).toBe(true);
    expect(moderateSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('what the storefront may send', () => {
  const base = { customer_id: 1, product_id: 2, rating: 5, title: 'Good', text: 'Very good.' };
  it('takes a rating from 1 to 5, a title, a text and at most 4 base64 photos', () => {
    expect(submitReviewSchema.safeParse(base).success).toBe(true);
    expect(submitReviewSchema.safeParse({ ...base, rating: 0 }).success).toBe(false);
    expect(submitReviewSchema.safeParse({ ...base, rating: 4.5 }).success).toBe(false);
    expect(submitReviewSchema.safeParse({ ...base, title: '' }).success).toBe(false);
    expect(submitReviewSchema.safeParse({ ...base, photos: [{ data: 'not base64!' }] }).success).toBe(false);
    expect(submitReviewSchema.safeParse({ ...base, photos: Array.from({ length: 5 }, () => ({ data: 'QUJD' })) }).success).toBe(false);
    expect(submitReviewSchema.safeParse({ ...base, photos: [{ url: 'https://example.com/a.jpg' }] }).success).toBe(false);
  });
});
