/**
 * Demo wishlists: 40 of the demo customers, each with 1–5 of the demo products (a variant picked
 * for every other item), added over the days after the customer joined. Deterministic: the
 * choices follow the customer's position, not a random draw. Reads the customers and products
 * already seeded, so it runs after both.
 */
import { asc } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { customers } from '../customers/customer.tables.ts';
import { productVariants, products } from '../products/product.tables.ts';
import { wishlistItems, wishlists } from './wishlist.tables.ts';

const WISHLISTS = 40;
const DAY = 86_400_000;
const NAMES = ['My wishlist', 'Diwali shopping', 'For the wedding', 'Gifts', 'Later'];

export const seedWishlists: DemoSeed = async (tx, { at }) => {
  const people = await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(WISHLISTS);
  const catalogue = await tx.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(200);
  if (!people.length || !catalogue.length) return;
  const variants = await tx.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants).orderBy(asc(productVariants.id));
  const firstVariant = new Map<number, number>();
  for (const v of variants) if (!firstVariant.has(v.productId)) firstVariant.set(v.productId, v.id);

  for (const [i, person] of people.entries()) {
    const count = Math.min(1 + (i % 5), catalogue.length);
    const created = new Date(at.getTime() + (i % 30) * DAY);
    const items = Array.from({ length: count }, (_, k) => catalogue[(i * 3 + k * 7) % catalogue.length]!.id);
    const distinct = [...new Set(items)];
    const updated = new Date(created.getTime() + distinct.length * DAY);
    const [list] = await tx
      .insert(wishlists)
      .values({ customerId: person.id, name: NAMES[i % NAMES.length]!, createdAt: created, updatedAt: updated })
      .returning({ id: wishlists.id });
    await tx.insert(wishlistItems).values(
      distinct.map((productId, k) => ({
        wishlistId: list!.id,
        productId,
        variantId: k % 2 === 0 ? (firstVariant.get(productId) ?? null) : null,
        addedAt: new Date(created.getTime() + (k + 1) * DAY),
      })),
    );
  }
};
