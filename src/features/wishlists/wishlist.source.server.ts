/**
 * Wishlists on the server: the list (one row per wishlist, with its customer's name and its items
 * count, on the one list contract) and one wishlist with its products. Read-only: nothing here
 * writes. Staff only (the route registry: wishlist:list), so no vendor scope.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { customers } from '@/features/customers/customer.tables.ts';
import { productVariants, products } from '@/features/products/product.tables.ts';
import { wishlistItems, wishlists } from './wishlist.tables.ts';
import { wishlistList } from './wishlist.list.ts';

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const itemsCount = sql<number>`(select count(*)::int from wishlist_items wi where wi.wishlist_id = "wishlists"."id")`;

interface WishlistRow extends Record<string, unknown> {
  id: number;
  name: string;
  customerId: number;
  customerName: string;
  itemsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const wishlistSource = defineReadOnlyList<WishlistRow>({
  area: wishlistList,
  table: wishlists,
  tableName: 'wishlists',
  selection: {
    id: wishlists.id,
    name: wishlists.name,
    customerId: wishlists.customerId,
    customerName: customers.name,
    itemsCount,
    createdAt: wishlists.createdAt,
    updatedAt: wishlists.updatedAt,
  },
  joins: (q) => q.innerJoin(customers, eq(customers.id, wishlists.customerId)),
  columns: {
    customer_name: { column: customers.name, kind: 'text', sortable: true, filterable: true },
    customer_id: { column: wishlists.customerId, kind: 'number', filterable: true },
    name: { column: wishlists.name, kind: 'text', sortable: true, filterable: true },
    items_count: { column: itemsCount, kind: 'number', sortable: true, filterable: true },
    created_at: { column: wishlists.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: wishlists.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [customers.name, wishlists.name],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    customer_id: r.customerId,
    customer_name: r.customerName,
    items_count: Number(r.itemsCount ?? 0),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
});

export interface WishlistItem {
  id: number;
  product_id: number;
  product_name: string;
  product_status: string;
  variant_id: number | null;
  variant_sku: string | null;
  /** The variant's option values ("M / Indigo"), or '' when it has none or none was picked. */
  variant_label: string;
  /** The picked variant's price; without one, the product's lowest and highest (paise). */
  price_min_paise: number | null;
  price_max_paise: number | null;
  added_at: string;
}

export interface WishlistDetails {
  id: number;
  name: string;
  customer_id: number;
  customer_name: string;
  items_count: number;
  created_at: string;
  updated_at: string;
  items: WishlistItem[];
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString());

// The variant's option values in its groups' order (product_matrix_values, read by id).
const variantLabel = sql<
  string | null
>`(select string_agg(v.value, ' / ' order by array_position(${productVariants.optionValueIds}, v.id)) from product_matrix_values v where v.id = any(${productVariants.optionValueIds}))`;

/** One wishlist with its products, newest first (404 when there is none with this id). */
export async function wishlistDetails(db: DbOrTx, id: number): Promise<WishlistDetails> {
  const [head] = await db
    .select({
      id: wishlists.id,
      name: wishlists.name,
      customerId: wishlists.customerId,
      customerName: customers.name,
      createdAt: wishlists.createdAt,
      updatedAt: wishlists.updatedAt,
    })
    .from(wishlists)
    .innerJoin(customers, eq(customers.id, wishlists.customerId))
    .where(eq(wishlists.id, id))
    .limit(1);
  if (!head) throw notFound('Wishlist not found.');
  const rows = await db
    .select({
      id: wishlistItems.id,
      productId: products.id,
      productName: products.name,
      productStatus: products.status,
      variantId: productVariants.id,
      variantSku: productVariants.sku,
      variantLabel,
      variantPrice: productVariants.pricePaise,
      priceMin: products.priceMinPaise,
      priceMax: products.priceMaxPaise,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .where(eq(wishlistItems.wishlistId, id))
    .orderBy(sql`${wishlistItems.addedAt} desc`, asc(wishlistItems.id));
  return {
    id: head.id,
    name: head.name,
    customer_id: head.customerId,
    customer_name: head.customerName,
    items_count: rows.length,
    created_at: iso(head.createdAt),
    updated_at: iso(head.updatedAt),
    items: rows.map((r) => ({
      id: r.id,
      product_id: r.productId,
      product_name: r.productName,
      product_status: r.productStatus,
      variant_id: r.variantId,
      variant_sku: r.variantSku,
      variant_label: r.variantLabel ?? '',
      price_min_paise: r.variantId !== null ? r.variantPrice : r.priceMin,
      price_max_paise: r.variantId !== null ? r.variantPrice : r.priceMax,
      added_at: iso(r.addedAt),
    })),
  };
}
