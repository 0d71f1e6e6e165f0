/**
 * Demo reviews: one on each delivered demo order line (after seedOrders), so Customer Feedback
 * shows every state in turn: published with the vendor's reply, pending, published, rejected. Written
 * as the storefront and moderation would leave them, history rows included. Deterministic.
 */
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { users } from '../../lib/db/schema.ts';
import { orderLines, orders, subOrders } from '../orders/orders.tables.ts';
import { productVariants } from '../products/product.tables.ts';
import { reviewEvents, reviews } from './review.tables.ts';

const DEMO_REVIEWS = [
  {
    rating: 5,
    title: 'Beautiful print, fits true to size',
    body: 'The block print is crisp and even, and the colour did not run after two washes. Ordered my usual size and it fits well.',
    status: 'published',
    reply: 'Thank you for the kind words! Each piece is hand block-printed in Jaipur, so we are glad the colours held.',
  },
  { rating: 3, title: 'Nice but the parcel came late', body: 'The product itself is fine. Delivery took two days longer than promised.', status: 'pending' },
  {
    rating: 4,
    title: 'Good quality, slightly long',
    body: 'Soft cotton and neat stitching. It runs a little long for my height, but looks lovely.',
    status: 'published',
  },
  {
    rating: 1,
    title: 'Call me for a better price',
    body: 'Contact me on my number for a cheaper deal on bulk orders.',
    status: 'rejected',
    reason: 'Contains contact details and is not about the product.',
  },
] as const;

export const seedReviews: DemoSeed = async (tx) => {
  const lines = await tx
    .select({
      lineId: orderLines.id,
      orderId: orderLines.orderId,
      variantId: orderLines.variantId,
      productId: productVariants.productId,
      vendorId: subOrders.vendorId,
      customerId: orders.customerId,
      deliveredAt: subOrders.deliveredAt,
    })
    .from(orderLines)
    .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(isNotNull(subOrders.deliveredAt))
    .orderBy(asc(orderLines.id));
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'admin@example.com')).limit(1);
  const [vendorUser] = await tx
    .select({ id: users.id, name: users.name, vendorId: users.vendorId })
    .from(users)
    .where(eq(users.email, 'vendor@example.com'))
    .limit(1);
  for (const [i, line] of lines.entries()) {
    const demo = DEMO_REVIEWS[i % DEMO_REVIEWS.length]!;
    const at = new Date(line.deliveredAt!.getTime() + 86_400_000);
    const moderatedAt = new Date(at.getTime() + 3_600_000);
    const replyAt = new Date(at.getTime() + 7_200_000);
    const moderated = demo.status !== 'pending';
    // The demo vendor account replies only to its own store's reviews.
    const reply = 'reply' in demo && vendorUser?.vendorId === line.vendorId ? demo.reply : null;
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: line.productId,
        variantId: line.variantId,
        vendorId: line.vendorId,
        customerId: line.customerId,
        orderId: line.orderId,
        orderLineId: line.lineId,
        rating: demo.rating,
        title: demo.title,
        body: demo.body,
        status: demo.status,
        rejectionReason: 'reason' in demo ? demo.reason : null,
        moderatedByUserId: moderated ? (admin?.id ?? null) : null,
        moderatedByName: moderated ? (admin?.name ?? 'Demo data') : null,
        moderatedAt: moderated ? moderatedAt : null,
        replyText: reply,
        replyByUserId: reply ? (vendorUser?.id ?? null) : null,
        replyByName: reply ? (vendorUser?.name ?? 'Demo data') : null,
        replyAt: reply ? replyAt : null,
        createdAt: at,
        updatedAt: reply ? replyAt : moderated ? moderatedAt : at,
      })
      .returning({ id: reviews.id });
    const events: (typeof reviewEvents.$inferInsert)[] = [
      { reviewId: row!.id, action: 'submitted', toStatus: 'pending', actorLabel: 'Customer (storefront key Demo data)', createdAt: at },
    ];
    if (moderated) {
      events.push({
        reviewId: row!.id,
        action: demo.status === 'published' ? 'publish' : 'reject',
        fromStatus: 'pending',
        toStatus: demo.status,
        note: 'reason' in demo ? demo.reason : null,
        actorUserId: admin?.id ?? null,
        actorLabel: admin?.name ?? 'Demo data',
        createdAt: moderatedAt,
      });
    }
    if (reply)
      events.push({
        reviewId: row!.id,
        action: 'replied',
        note: reply,
        actorUserId: vendorUser?.id ?? null,
        actorLabel: vendorUser?.name ?? 'Demo data',
        createdAt: replyAt,
      });
    await tx.insert(reviewEvents).values(events);
  }
};
