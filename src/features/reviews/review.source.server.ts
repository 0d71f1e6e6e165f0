/**
 * Customer Feedback's list on the server: reviews joined to their product, customer and vendor,
 * on the one list contract (paging, sorts, filters, search, 422s, keyset cursor). A vendor gets
 * only reviews of their own products (VENDOR_OWNED: reviews); someone without customers:view sees
 * the reviewer as "Priya S." (publicReviewerName), as the storefront shows them.
 */
import { eq, sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { defineReadOnlyList, type ListSource } from '@/lib/areas/read-only-list.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { customers } from '@/features/customers/customer.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { reviews } from './review.tables.ts';
import { reviewList } from './review.list.ts';
import { publicReviewerName, REVIEW_STATUSES } from './review-rules.ts';

/** Whether `principal` may see customers' full names (else "Priya S."). */
export const seesCustomers = (principal: Principal | null | undefined): boolean => Boolean(principal?.abilities.includes('customers:view'));

const hasReply = sql<string>`case when "reviews"."reply_text" is null then 'no' else 'yes' end`;

interface ReviewRow extends Record<string, unknown> {
  id: number;
  productId: number;
  productName: string;
  customerId: number;
  customerName: string;
  vendorId: number;
  vendorName: string | null;
  rating: number;
  title: string;
  status: string;
  hasReply: string;
  photosCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const source = defineReadOnlyList<ReviewRow>({
  area: reviewList,
  table: reviews,
  tableName: 'reviews',
  selection: {
    id: reviews.id,
    productId: reviews.productId,
    productName: products.name,
    customerId: reviews.customerId,
    customerName: customers.name,
    vendorId: reviews.vendorId,
    vendorName: vendors.storeName,
    rating: reviews.rating,
    title: reviews.title,
    status: reviews.status,
    hasReply,
    photosCount: sql<number>`jsonb_array_length("reviews"."photos")`,
    createdAt: reviews.createdAt,
    updatedAt: reviews.updatedAt,
  },
  joins: (q) =>
    q
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(customers, eq(customers.id, reviews.customerId))
      .innerJoin(vendors, eq(vendors.id, reviews.vendorId)),
  columns: {
    id: { column: reviews.id, kind: 'number', filterable: true },
    product_name: { column: products.name, kind: 'text', sortable: true, filterable: true },
    product_id: { column: reviews.productId, kind: 'number', filterable: true },
    customer_name: { column: customers.name, kind: 'text', sortable: true, filterable: true },
    customer_id: { column: reviews.customerId, kind: 'number', filterable: true },
    rating: { column: reviews.rating, kind: 'number', sortable: true, filterable: true },
    title: { column: reviews.title, kind: 'text', sortable: true, filterable: true },
    status: { column: reviews.status, kind: 'enum', sortable: true, filterable: true, options: REVIEW_STATUSES.map((s) => s.value) },
    created_at: { column: reviews.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: reviews.updatedAt, kind: 'date', sortable: true, filterable: true },
    vendor_name: { column: vendors.storeName, kind: 'text', sortable: true, filterable: true },
    vendor_id: { column: reviews.vendorId, kind: 'number', filterable: true },
    has_reply: { column: hasReply, kind: 'enum', filterable: true, options: ['yes', 'no'] },
  },
  searchColumns: [reviews.title, reviews.body, products.name, customers.name],
  serialize: (r) => ({
    id: r.id,
    product_id: r.productId,
    product_name: r.productName,
    customer_id: r.customerId,
    customer_name: r.customerName,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    rating: Number(r.rating),
    title: r.title,
    status: r.status,
    has_reply: r.hasReply,
    photos_count: Number(r.photosCount ?? 0),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
  scope: (s) => vendorScope(s.principal, 'reviews', reviews, 'list'),
});

/** The list, with reviewers' names shortened for whoever may not see customers. */
export const reviewSource: ListSource = {
  parseListQuery: source.parseListQuery,
  async list(db, s, query) {
    const result = await source.list(db, s, query);
    if (seesCustomers(s.principal)) return result;
    return { ...result, data: result.data.map((r) => ({ ...r, customer_id: null, customer_name: publicReviewerName(String(r.customer_name)) })) };
  },
};
