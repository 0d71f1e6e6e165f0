/**
 * Customer feedback's rules as data and pure functions (issue 17 §5, docs/reviews.md): statuses,
 * the moves between them, limits, how a reviewer's name reads to someone without access to
 * customers, and the average rating. No zod and no server imports (tables load it); what the API
 * accepts is review.schema.ts. tests/unit/review-rules.test.ts checks them.
 */

export const REVIEW_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]['value'];

export const RATINGS = [1, 2, 3, 4, 5] as const;
export const RATING_OPTIONS = RATINGS.map((r) => ({ value: String(r), label: `${r} ★` }));

export const reviewStatusLabel = (status: string): string => REVIEW_STATUSES.find((s) => s.value === status)?.label ?? status;

/**
 * The two moderation moves. Publishing a rejected review (a second look) and rejecting a
 * published one (it turned out abusive) are allowed: moderation is a decision, not a one-way
 * door. Moving to the status a review already has is refused, so a bulk run names what it skipped.
 */
export const MODERATION = {
  published: { from: ['pending', 'rejected'], verb: 'publish', past: 'published' },
  rejected: { from: ['pending', 'published'], verb: 'reject', past: 'rejected' },
} as const;
export type ModerationStatus = keyof typeof MODERATION;

export function isModerationStatus(value: string): value is ModerationStatus {
  return Object.hasOwn(MODERATION, value);
}

/** Why `to` can't be reached from `from`, or null when it can. */
export function moderationProblem(from: string, to: ModerationStatus): string | null {
  const allowed: readonly string[] = MODERATION[to].from;
  if (allowed.includes(from)) return null;
  return `The review is already ${reviewStatusLabel(from).toLowerCase()}.`;
}

export const MAX_REJECTION_REASON = 500;
export const MAX_REPLY_LENGTH = 2000;
export const MAX_TITLE_LENGTH = 120;
export const MAX_BODY_LENGTH = 5000;
/** A review carries at most this many photos, each at most MAX_PHOTO_BYTES once decoded. */
export const MAX_REVIEW_PHOTOS = 4;
export const MAX_PHOTO_BYTES = 2 * 1_048_576;

/**
 * A reviewer's name for someone who may not see customers (a vendor, the storefront's public
 * page): the first name and the initial of the last, "Priya S.". One word stays as it is.
 */
export function publicReviewerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Customer';
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words.at(-1)![0]!.toUpperCase()}.`;
}

/** The average of ratings to one decimal (4.25 → 4.3), null without any. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** "4.3 out of 5 (12 reviews)", "No reviews yet". */
export function ratingSummary(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No reviews yet';
  return `${average.toFixed(1)} out of 5 (${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/** "★★★★☆" for 4. */
export const stars = (rating: number): string => '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));
