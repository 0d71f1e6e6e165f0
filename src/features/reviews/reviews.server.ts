/**
 * Customer feedback on the server (issue 17 §5, docs/reviews.md): a customer's review from the
 * storefront (verified purchase: a delivered line of the product), moderation one by one and in
 * bulk, the vendor's one public reply, staff removing an abusive reply, a review's details, and a
 * product's published reviews with their average. Every change is one transaction: the review
 * locked, its status checked, the history row and the activity log written together.
 */
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { publish } from '@/lib/realtime/publish.server.ts';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { sqlState } from '@/lib/db/pg-errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { now } from '@/lib/time/clock.server.ts';
import { conflict, forbidden, HttpError, invalid, notFound } from '@/lib/http/errors.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import type { RequestScope } from '@/lib/areas/resource.server.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { deleteImageCopies, newImagePath, processPhoto, writeImageCopies, type ProcessedImage } from '@/lib/uploads/images.server.ts';
import { customers } from '@/features/customers/customer.tables.ts';
import { products, productVariants } from '@/features/products/product.tables.ts';
import { orderLines, orders, subOrders } from '@/features/orders/orders.tables.ts';
import { reviewEvents, reviews, type ReviewPhoto } from './review.tables.ts';
import { averageRating, MAX_PHOTO_BYTES, MODERATION, moderationProblem, publicReviewerName, reviewStatusLabel, type ModerationStatus } from './review-rules.ts';
import type { ModerateInput, SubmitReviewInput } from './review.schema.ts';
import { seesCustomers } from './review.source.server.ts';

/** Who writes: a back-office user, or the storefront on a customer's behalf. */
interface Writer {
  userId: number | null;
  label: string;
  actor: Actor;
}

const writerOf = (scope: RequestScope): Writer => ({ userId: scope.principal.user.id, label: scope.principal.user.name, actor: scope.actor });

async function addEvent(
  tx: DbOrTx,
  reviewId: number,
  writer: Writer,
  event: { action: string; fromStatus?: string | null; toStatus?: string | null; note?: string | null },
) {
  await tx.insert(reviewEvents).values({
    reviewId,
    action: event.action,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    note: event.note ?? null,
    actorUserId: writer.userId,
    actorLabel: writer.label,
  });
}

// ——— The storefront: writing a review ———

function decodePhoto(data: string, index: number): Blob {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw invalid({ [`photos.${index}.data`]: [`A photo is at most ${MAX_PHOTO_BYTES / 1_048_576} MB.`] });
  return new Blob([new Uint8Array(bytes)]);
}

/**
 * A customer's review: 422 unless the customer received the product (a delivered line of one of
 * its variants, in `order_number` when given), 409 when every such line already has their review.
 * Photos are checked and resized before anything is written; the review starts pending.
 */
export async function submitReview(db: DbOrTx, caller: { apiKeyName: string; actor: Actor }, input: SubmitReviewInput) {
  const [customer] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, input.customer_id)).limit(1);
  if (!customer) throw invalid({ customer_id: ['No customer has this id. Create or find the customer with POST /api/storefront/v1/customers first.'] });
  const [product] = await db
    .select({ id: products.id, name: products.name, vendorId: products.vendorId })
    .from(products)
    .where(eq(products.id, input.product_id))
    .limit(1);
  if (!product) throw invalid({ product_id: ['No product has this id.'] });

  const delivered = await db
    .select({ lineId: orderLines.id, orderId: orderLines.orderId, variantId: orderLines.variantId, number: orders.number, reviewId: reviews.id })
    .from(orderLines)
    .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .leftJoin(reviews, and(eq(reviews.orderLineId, orderLines.id), eq(reviews.customerId, customer.id)))
    .where(
      and(
        eq(orders.customerId, customer.id),
        eq(productVariants.productId, product.id),
        isNotNull(subOrders.deliveredAt),
        input.order_number ? eq(orders.number, input.order_number.toUpperCase()) : undefined,
      ),
    )
    .orderBy(desc(orderLines.id));
  if (!delivered.length) {
    throw invalid(
      {
        product_id: [
          `Only a customer who received “${product.name}” can review it: this customer has no delivered order line of it${input.order_number ? ` in ${input.order_number.toUpperCase()}` : ''}.`,
        ],
      },
      'Not a verified purchase.',
    );
  }
  const line = delivered.find((l) => l.reviewId === null);
  if (!line) throw conflict(`This customer has already reviewed “${product.name}” for every delivered order of it.`);

  const photos: { path: string; image: ProcessedImage }[] = [];
  for (const [i, p] of (input.photos ?? []).entries()) {
    photos.push({ path: newImagePath(`reviews/${product.id}`), image: await processPhoto(`photos.${i}.data`, decodePhoto(p.data, i), MAX_PHOTO_BYTES) });
  }
  const written: string[] = [];
  const writer: Writer = { userId: null, label: `Customer (storefront key ${caller.apiKeyName})`, actor: caller.actor };
  try {
    for (const p of photos) {
      await writeImageCopies(p.path, p.image);
      written.push(p.path);
    }
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          productId: product.id,
          variantId: line.variantId,
          vendorId: product.vendorId,
          customerId: customer.id,
          orderId: line.orderId,
          orderLineId: line.lineId,
          rating: input.rating,
          title: input.title,
          body: input.text,
          photos: photos.map((p): ReviewPhoto => ({ path: p.path, width: p.image.width, height: p.image.height })),
        })
        .returning();
      await addEvent(tx, row!.id, writer, { action: 'submitted', toStatus: 'pending' });
      // The moderators' badge counts it.
      await publish(tx, 'approvals.changed', { area: 'reviews' });
      await logActivity(tx, caller.actor, {
        area: 'reviews',
        action: 'created',
        recordId: row!.id,
        recordName: input.title,
        after: {
          product_id: product.id,
          customer_id: customer.id,
          order: line.number,
          rating: input.rating,
          status: 'pending',
          via: `storefront key ${caller.apiKeyName}`,
        },
      });
      return storefrontReview(row!, customer.name, null);
    });
  } catch (error) {
    await Promise.all(written.map(deleteImageCopies));
    if (sqlState(error) === '23505') throw conflict(`This customer has already reviewed “${product.name}” for this order.`);
    throw error;
  }
}

type ReviewRecord = typeof reviews.$inferSelect;

/** A review as the storefront shows it: the reviewer as "Priya S.", photos as URLs of the 480-px copy. */
function storefrontReview(r: ReviewRecord, customerName: string, vendorName: string | null) {
  return {
    id: r.id,
    product_id: r.productId,
    status: r.status,
    rating: r.rating,
    title: r.title,
    text: r.body,
    reviewer: publicReviewerName(customerName),
    verified_purchase: true,
    photos: r.photos.map((p) => ({ url: `/uploads/${p.path}-480.webp`, width: p.width, height: p.height })),
    reply: r.replyText ? { text: r.replyText, by: vendorName ?? 'The seller', at: r.replyAt!.toISOString() } : null,
    created_at: r.createdAt.toISOString(),
  };
}

// ——— Reading: a product's published reviews, and one review's details ———

export async function productRatingSummary(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')));
  const count = Number(row?.count ?? 0);
  return { count, average: averageRating(Number(row?.sum ?? 0), count) };
}

/** A product's published reviews, newest first, `perPage` at a time, with the average and count. */
export async function publishedReviews(db: DbOrTx, productId: number, page: number, perPage: number) {
  const summary = await productRatingSummary(db, productId);
  const rows = await db
    .select({ review: reviews, customerName: customers.name, vendorName: vendors.storeName })
    .from(reviews)
    .innerJoin(customers, eq(customers.id, reviews.customerId))
    .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => storefrontReview(r.review, r.customerName, r.vendorName)),
    meta: { average_rating: summary.average, count: summary.count, page, per_page: perPage, last_page: Math.max(1, Math.ceil(summary.count / perPage)) },
  };
}

/** The review, locked when asked, if `principal` may take `action` on it (a vendor: their products' only); else 404. */
async function reviewFor(db: DbOrTx, principal: Principal, id: number, action = 'list', lock = false) {
  const q = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), vendorScope(principal, 'reviews', reviews, action)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('That review does not exist, or it is not yours to see.');
  return row;
}

export async function reviewDetails(db: DbOrTx, principal: Principal, id: number) {
  const r = await reviewFor(db, principal, id);
  const [context] = await db
    .select({
      productName: products.name,
      customerName: customers.name,
      vendorName: vendors.storeName,
      orderNumber: orders.number,
      sku: orderLines.sku,
      optionValues: orderLines.optionValues,
      deliveredAt: subOrders.deliveredAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(customers, eq(customers.id, reviews.customerId))
    .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(orderLines, eq(orderLines.id, reviews.orderLineId))
    .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
    .where(eq(reviews.id, id));
  const events = await db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, id)).orderBy(asc(reviewEvents.id));
  const full = seesCustomers(principal);
  const c = context!;
  return {
    id: r.id,
    product_id: r.productId,
    product_name: c.productName,
    vendor_id: r.vendorId,
    vendor_name: c.vendorName,
    customer_id: full ? r.customerId : null,
    customer_name: full ? c.customerName : publicReviewerName(c.customerName),
    order_id: r.orderId,
    order_number: c.orderNumber,
    sku: c.sku,
    options: c.optionValues ?? '',
    delivered_at: c.deliveredAt?.toISOString() ?? null,
    rating: r.rating,
    title: r.title,
    text: r.body,
    photos: r.photos,
    status: r.status,
    status_label: reviewStatusLabel(r.status),
    rejection_reason: r.rejectionReason,
    moderated_by: r.moderatedByName,
    moderated_at: r.moderatedAt?.toISOString() ?? null,
    reply: r.replyText ? { text: r.replyText, by: r.replyByName, at: r.replyAt!.toISOString() } : null,
    created_at: r.createdAt.toISOString(),
    version: r.version,
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      note: e.note,
      by: e.actorLabel,
      at: e.createdAt.toISOString(),
    })),
  };
}

export type ReviewDetails = Awaited<ReturnType<typeof reviewDetails>>;

// ——— Moderation ———

async function moderateLocked(tx: DbOrTx, scope: RequestScope, id: number, to: ModerationStatus, reason: string | null, version?: number) {
  const r = await reviewFor(tx, scope.principal, id, 'update', true);
  if (version !== undefined && version !== r.version)
    throw conflict('Someone changed this review after you opened it. Reload the page to see it as it is now.');
  const problem = moderationProblem(r.status, to);
  if (problem) throw conflict(problem);
  const at = now();
  await tx
    .update(reviews)
    .set({
      status: to,
      rejectionReason: to === 'rejected' ? reason : null,
      moderatedByUserId: scope.principal.user.id,
      moderatedByName: scope.principal.user.name,
      moderatedAt: at,
      updatedAt: at,
      version: r.version + 1,
    })
    .where(eq(reviews.id, r.id));
  await addEvent(tx, r.id, writerOf(scope), { action: MODERATION[to].verb, fromStatus: r.status, toStatus: to, note: reason });
  if (r.status === 'pending') await publish(tx, 'approvals.changed', { area: 'reviews' });
  await logActivity(tx, scope.actor, {
    area: 'reviews',
    action: MODERATION[to].past,
    recordId: r.id,
    recordName: r.title,
    changes: { status: [r.status, to], ...(to === 'rejected' ? { rejection_reason: [r.rejectionReason, reason] } : {}) },
  });
  return r;
}

export async function moderateReview(db: DbOrTx, scope: RequestScope, id: number, input: ModerateInput) {
  await db.transaction((tx) => moderateLocked(tx, scope, id, input.status, input.status === 'rejected' ? input.reason : null, input.version));
  return reviewDetails(db, scope.principal, id);
}

/** At most this many reviews in one bulk call (the filter may match more: send it again). */
export const MAX_BULK_REVIEWS = 1000;

/**
 * Publish or reject the selected reviews (or every one matching the list's filter): each in its
 * own transaction, as one from its details page; those already in that status, or not the
 * caller's, are named in the answer. Nothing moved at all is a 409.
 */
export async function bulkModerate(
  db: DbOrTx,
  scope: RequestScope,
  source: ListSource,
  target: { ids?: number[]; filter?: { q?: string; filters?: Record<string, unknown> } },
  status: string,
  reason: string | undefined,
) {
  if (status !== 'published' && status !== 'rejected') throw invalid({ status: ['Choose Published or Rejected.'] });
  if (status === 'rejected' && !reason) throw invalid({ reason: ['Give the reason for rejecting the reviews (the customers may be told).'] });
  let ids: number[];
  if (target.ids) ids = target.ids;
  else if (target.filter) {
    ids = [];
    const query = source.parseListQuery({ per_page: '100', ...(target.filter.q ? { q: target.filter.q } : {}) });
    query.filters = (target.filter.filters ?? {}) as typeof query.filters;
    let cursor: string | undefined;
    do {
      const page = await source.list(db, scope, { ...query, ...(cursor ? { cursor } : {}) });
      ids.push(...page.data.map((r) => Number(r.id)));
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor && ids.length < MAX_BULK_REVIEWS);
    ids = ids.slice(0, MAX_BULK_REVIEWS);
  } else throw invalid({ ids: ['Select at least one row.'] });

  const moved: number[] = [];
  const refused: string[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    try {
      await db.transaction((tx) => moderateLocked(tx, scope, id, status, status === 'rejected' ? reason! : null));
      moved.push(id);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      refused.push(`#${id}: ${e.message}`);
    }
  }
  if (!moved.length) {
    throw conflict(refused.length ? `None could be changed. ${refused.slice(0, 5).join(' ')}` : 'None of the selected reviews is yours to moderate.', {
      ids: refused.slice(0, 20),
    });
  }
  const notes = refused.length ? ` ${refused.length} not: ${refused.slice(0, 3).join(' ')}` : '';
  return { message: `${moved.length} ${moved.length === 1 ? 'review' : 'reviews'} ${status}.${notes}`, count: moved.length };
}

// ——— The vendor's reply ———

/** Writes or replaces the one public reply: only a user of the product's own vendor. */
export async function setReply(db: DbOrTx, scope: RequestScope, id: number, text: string) {
  const { principal } = scope;
  if (principal.user.userType !== 'vendor') throw forbidden('Only the product’s vendor replies to its reviews.');
  await db.transaction(async (tx) => {
    const r = await reviewFor(tx, principal, id, 'reply', true);
    if (r.vendorId !== principal.user.vendorId) throw notFound('That review does not exist, or it is not yours to see.');
    const at = now();
    await tx
      .update(reviews)
      .set({ replyText: text, replyByUserId: principal.user.id, replyByName: principal.user.name, replyAt: at, updatedAt: at, version: r.version + 1 })
      .where(eq(reviews.id, r.id));
    await addEvent(tx, r.id, writerOf(scope), { action: r.replyText ? 'reply-edited' : 'replied', note: text });
    await logActivity(tx, scope.actor, {
      area: 'reviews',
      action: r.replyText ? 'reply-edited' : 'replied',
      recordId: r.id,
      recordName: r.title,
      changes: { reply: [r.replyText, text] },
    });
  });
  return reviewDetails(db, principal, id);
}

/** Staff (reviews:update) remove an abusive reply, with the reason kept in the history and the activity log. */
export async function removeReply(db: DbOrTx, scope: RequestScope, id: number, reason: string) {
  await db.transaction(async (tx) => {
    const r = await reviewFor(tx, scope.principal, id, 'update', true);
    if (!r.replyText) throw conflict('This review has no reply to remove.');
    await tx
      .update(reviews)
      .set({ replyText: null, replyByUserId: null, replyByName: null, replyAt: null, updatedAt: now(), version: r.version + 1 })
      .where(eq(reviews.id, r.id));
    await addEvent(tx, r.id, writerOf(scope), { action: 'reply-removed', note: reason });
    await logActivity(tx, scope.actor, {
      area: 'reviews',
      action: 'reply-removed',
      recordId: r.id,
      recordName: r.title,
      changes: { reply: [r.replyText, null], reason: [null, reason] },
    });
  });
  return reviewDetails(db, scope.principal, id);
}

/**
 * How many reviews wait for moderation (the Customer Feedback badge for holders of reviews:update),
 * counted up to `upTo` (MENU_BADGE_CAP: "99+"), as a value the shell's one statement carries.
 */
export function pendingFeedbackCountSql(upTo: number): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${reviews} where ${reviews.status} = 'pending' limit ${sql.raw(String(Math.trunc(upTo)))}) as waiting)`.mapWith(
    Number,
  );
}

/**
 * Who may see a review photo (by its stored path): everyone when its review is published
 * ('public'), else someone who may see the review ('private'), else nobody (null).
 */
export async function photoVisibleTo(db: DbOrTx, principal: Principal | null, path: string): Promise<'public' | 'private' | null> {
  const [row] = await db
    .select({ id: reviews.id, status: reviews.status, vendorId: reviews.vendorId })
    .from(reviews)
    .where(sql`${reviews.photos} @> ${JSON.stringify([{ path }])}::jsonb`)
    .limit(1);
  if (!row) return null;
  if (row.status === 'published') return 'public';
  if (!principal || !principal.abilities.includes('reviews:list')) return null;
  if (principal.user.userType === 'vendor' && principal.user.vendorId !== row.vendorId) return null;
  return 'private';
}
