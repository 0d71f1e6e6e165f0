/**
 * Demo promotions: a festive sale to come, 30 days after the database is seeded (the demo orders
 * are placed at the real time, or days before it: src/app/orders/orders.demo.server.ts), so the
 * demo orders and every order tests place now keep their totals, and a test clock moved into the
 * sale sees them apply: 10 % off Jewellery (up to ₹ 500, not with coupons), buy 2 get 1 free on the
 * indigo cotton kurta, and free delivery above ₹ 999.
 */
import { eq } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { categories } from '../categories/category.tables.ts';
import { promotions, promotionTargets } from './promotions.tables.ts';

const DAY = 86_400_000;

export const seedPromotions: DemoSeed = async (tx, { at, productIds }) => {
  // Real time, as the demo orders' (`at`, the demo data's fixed date, is long past).
  const startsAt = new Date(Date.now() + 30 * DAY);
  const saleEnds = new Date(startsAt.getTime() + 15 * DAY);
  const [jewellery] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Jewellery'));
  const kurta = productIds['DFH-KUR-001'];
  if (!jewellery || !kurta) throw new Error('Demo promotions need the demo categories and products first');
  const stamps = { createdAt: at, updatedAt: at };
  const made = await tx
    .insert(promotions)
    .values([
      {
        name: 'Festive 10 % off Jewellery',
        kind: 'percent_off',
        rateBp: 1000,
        maxDiscountPaise: 50_000,
        scope: 'categories',
        targetCount: 1,
        startsAt,
        endsAt: saleEnds,
        priority: 10,
        stacksWithCoupons: false,
        ...stamps,
      },
      {
        name: 'Buy 2 get 1 free: Cotton Kurta, Indigo',
        kind: 'buy_x_get_y',
        buyQuantity: 2,
        getQuantity: 1,
        scope: 'products',
        targetCount: 1,
        startsAt,
        endsAt: saleEnds,
        priority: 20,
        ...stamps,
      },
      { name: 'Free delivery above ₹ 999', kind: 'free_shipping', scope: 'store', minOrderPaise: 99_900, startsAt, ...stamps },
    ])
    .returning({ id: promotions.id, name: promotions.name });
  const id = (name: string) => made.find((m) => m.name.startsWith(name))!.id;
  await tx.insert(promotionTargets).values([
    { promotionId: id('Festive'), categoryId: jewellery.id },
    { promotionId: id('Buy 2'), productId: kurta },
  ]);
};
