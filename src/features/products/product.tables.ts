/**
 * The products tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 *
 * The model (docs/products.md): a product belongs to one vendor and describes what is sold; its
 * variants are what is sold (SKU, option values, prices in paise, parcel size); stock is kept per
 * variant per warehouse (src/features/inventories). Money is integer paise in `bigint` columns.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { brands } from '../brands/brand.tables.ts';
import { categories, subCategories } from '../categories/category.tables.ts';
import { taxes } from '../taxes/tax.tables.ts';
import { returnPolicies } from '../return-policies/return-policy.tables.ts';
import { sizeCharts } from '../size-charts/size-chart.tables.ts';
import { tags } from '../tags/tag.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { productMatrixGroups, productMatrixValues } from '../product-matrices/product-matrix.tables.ts';
import { users, vendors } from '../../lib/db/schema.ts';
import { productImportJobs } from './product-import.tables.ts';

/** Paise in a `bigint` column, read as a JS number (exact up to 2^53 paise, ₹90 lakh crore). */
const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * A product: what the vendor sells, described once. Its variants carry SKUs and prices; the
 * columns under "Kept from the variants" are written in the same transaction as the variants and
 * stock they summarise, so the list can filter and sort on them at a million products.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Unique per vendor (lower case), for the storefront's links. */
    slug: text('slug').notNull(),
    /** Markdown, rendered safely (as FAQs are). */
    description: text('description').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, { onDelete: 'restrict' }),
    /** The GST slab: HSN/SAC and rate. */
    taxId: integer('tax_id').references(() => taxes.id, { onDelete: 'restrict' }),
    returnPolicyId: integer('return_policy_id').references(() => returnPolicies.id, { onDelete: 'restrict' }),
    sizeChartId: integer('size_chart_id').references(() => sizeCharts.id, { onDelete: 'restrict' }),
    /** 'draft' | 'pending_review' | 'active' | 'rejected' | 'inactive' | 'archived' (product-status.ts) */
    status: text('status').notNull().default('draft'),
    /** Why it was last rejected; cleared on the next submission. */
    rejectionReason: text('rejection_reason'),
    /** Delivery details (add step 3): the parcel a variant ships in unless it says otherwise. */
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** Days from order to handing over to the courier. */
    handlingDays: integer('handling_days').notNull().default(2),
    /** The SKU pattern the variant grid proposes from: {PRODUCT}, and one token per option group ({SIZE}). */
    skuPattern: text('sku_pattern'),
    // Kept from the variants (same transaction as their writes).
    priceMinPaise: paise('price_min_paise'),
    priceMaxPaise: paise('price_max_paise'),
    /** Sum of available (on hand − reserved) over every variant and warehouse. */
    stockAvailable: integer('stock_available').notNull().default(0),
    variantCount: integer('variant_count').notNull().default(0),
    /** The variants' SKUs, space-separated, for the list's column and search. */
    skus: text('skus').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The bulk import job that last created or changed it (issue 16): each product an import touched is traceable to it. */
    importJobId: integer('import_job_id').references(() => productImportJobs.id, { onDelete: 'set null' }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_vendor_slug_idx').on(t.vendorId, sql`lower(${t.slug})`),
    // The list's orders, with and without a vendor filter (keyset paging reads index entries).
    index('products_name_id_idx').on(t.name, t.id),
    index('products_vendor_name_id_idx').on(t.vendorId, t.name, t.id),
    index('products_vendor_updated_idx').on(t.vendorId, t.updatedAt, t.id),
    index('products_updated_at_idx').on(t.updatedAt, t.id),
    index('products_status_idx').on(t.status, t.id),
    index('products_price_min_idx').on(t.priceMinPaise, t.id),
    // One vendor's products by price (the bench's "a vendor, by price"): without it the database
    // walks the price index of every vendor, filtering.
    index('products_vendor_price_idx').on(t.vendorId, t.priceMinPaise, t.id),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_tax_idx').on(t.taxId),
    index('products_return_policy_idx').on(t.returnPolicyId),
    index('products_size_chart_idx').on(t.sizeChartId),
    // "Which products did import 12 touch": a partial index, as most products never came from a file.
    index('products_import_job_idx')
      .on(t.importJobId)
      .where(sql`${t.importJobId} is not null`),
    // "Contains" searches (ILIKE '%…%'): pg_trgm, src/lib/list/list-sql.server.ts. Without GIN's
    // pending list (fastupdate off): every search would read the entries added since the last
    // vacuum one by one (2 MB after a bulk load: 20–40 ms a search at a million products); a
    // catalogue is read far more than it is written.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Every status change of a product: who, when, from, to and why (the details page's history). */
export const productStatusEvents = pgTable(
  'product_status_events',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_status_events_product_idx').on(t.productId, t.id)],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/** The option groups a product varies by (at most three, in order) and the values it uses. */
export const productOptions = pgTable(
  'product_options',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => productMatrixGroups.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** The group's values this product uses, in the group's order. */
    valueIds: integer('value_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.productId, t.groupId] }), index('product_options_group_idx').on(t.groupId)],
);

/** What is sold: one combination of option values, with its SKU and prices. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's vendor, kept here so SKUs are unique per vendor by an index. */
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    /** Letters, digits and -_. ; stored upper-case. */
    sku: text('sku').notNull(),
    /** One value per option group of the product, in the groups' order; empty for a product without options. */
    optionValueIds: integer('option_value_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    mrpPaise: paise('mrp_paise').notNull(),
    pricePaise: paise('price_paise').notNull(),
    /** What the vendor pays; shown to the vendor only. */
    costPaise: paise('cost_paise'),
    /** Null: the product's delivery details. */
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** EAN-13 or UPC-A, check digit verified. */
    barcode: text('barcode'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    position: integer('position').notNull().default(0),
    /** The bulk import job that last created or changed it. */
    importJobId: integer('import_job_id').references(() => productImportJobs.id, { onDelete: 'set null' }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('product_variants_vendor_sku_idx').on(t.vendorId, t.sku),
    // Exact SKU search across vendors (staff) and barcode scans; text_pattern_ops also serves the global
    // search's prefix (`sku like 'KUR-%'`, decision 061) whatever the database's collation.
    index('product_variants_sku_idx').using('btree', t.sku.op('text_pattern_ops')),
    index('product_variants_barcode_idx').on(t.barcode),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_price_check', sql`${t.pricePaise} >= 0 and ${t.pricePaise} <= ${t.mrpPaise}`),
    check('product_variants_cost_check', sql`${t.costPaise} is null or ${t.costPaise} >= 0`),
  ],
);

/** A product's images (at most ten), ordered; resized copies live beside `path` (product-images). */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
    /** Shown for this option value (the red images for Red); null for every variant. */
    optionValueId: integer('option_value_id').references(() => productMatrixValues.id, { onDelete: 'set null' }),
    /** Under the uploads folder, without the size suffix: `products/<id>/<uuid>`. */
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * Where a bulk import took it from, as the file wrote it (a URL, or a file name in the uploaded
     * ZIP); null for an image uploaded on the images page. The same text in a later file keeps this
     * image instead of fetching it again.
     */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** The vendor's warehouses a product ships from (delivery details). */
export const productWarehouses = pgTable(
  'product_warehouses',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.warehouseId] }), index('product_warehouses_warehouse_idx').on(t.warehouseId)],
);
