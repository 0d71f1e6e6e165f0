/**
 * Products on the server: the list at a million rows (keyset paging and the summary columns the
 * variants keep up to date, so no row joins its variants), step 1 of the add flow (basic
 * information, saved as a draft with its tags) and the edit of it. A vendor sees and changes only
 * their own products (VENDOR_OWNED); staff see all and choose a new product's vendor.
 */
import { escapeLike } from '@/lib/list/list-sql.server.ts';
import { sendContentChangeToReview } from './product-review.service.server.ts';
import { productThumbnailPath } from './product-images.ts';
import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { brands } from '@/features/brands/brand.tables.ts';
import { categories, subCategories } from '@/features/categories/category.tables.ts';
import { returnPolicies } from '@/features/return-policies/return-policy.tables.ts';
import { sizeCharts } from '@/features/size-charts/size-chart.tables.ts';
import { tags } from '@/features/tags/tag.tables.ts';
import { taxes } from '@/features/taxes/tax.tables.ts';
import { promotionTargets } from '@/features/promotions/promotions.tables.ts';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { defineResource, type Row } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { renderMarkdown } from '@/lib/text/markdown.server.ts';
import { slugify } from '@/lib/text/slug.ts';
import { vendorNameSql } from '@/lib/vendors/vendor-name.server.ts';
import { productArea, type ProductInput } from './product.area.ts';
import { productStatusLabel } from './product-status.ts';
import { vendorRefusal } from './product-transitions.ts';
import { productImages, productStatusEvents, productTags, products } from './product.tables.ts';
import { deleteImageCopies } from '@/lib/uploads/images.server.ts';

/** A related record's name as a correlated subquery: one index probe per row of the page, never a join of the whole table. */
const nameOf = (table: string, column: string, idColumn: string) =>
  sql<string | null>`(select r.${sql.raw(column)} from ${sql.raw(table)} r where r.id = "products".${sql.raw(`"${idColumn}"`)})`;

/** The first image's stored path (part E writes `<path>-160.webp` beside it for lists). */
const thumbnailPath = sql<string | null>`(select i.path from product_images i where i.product_id = "products"."id" order by i.position, i.id limit 1)`;

/**
 * The search box: a word of the name (ILIKE '%…%', served by the trigram index), or exactly a
 * SKU (stored upper-case) or a barcode of one of its variants. The variants' ids are collected
 * once (`= any(array(…))`, an InitPlan) so the database can OR two index scans on products
 * instead of probing the variants for every product.
 */
function productSearch(q: string, bind: (v: string) => unknown) {
  const word = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const exact = q.trim();
  return or(
    ilike(products.name, bind(`%${word}%`) as never),
    sql`${products.id} = any(array(select pv.product_id from product_variants pv where pv.sku = ${bind(exact.toUpperCase())} or pv.barcode = ${bind(exact)}))`,
  )!;
}

/**
 * The global search's exact matches (decision 061): a variant's SKU, or its start from three
 * characters (`product_variants_sku_idx`, text_pattern_ops), or its barcode; ranked before the names.
 */
function productSearchExact(q: string) {
  const exact = q.trim();
  const sku = exact.toUpperCase();
  const prefix = sku.length >= 3 ? sql` or pv.sku like ${`${escapeLike(sku)}%`}` : sql``;
  return sql`${products.id} = any(array(select pv.product_id from product_variants pv where pv.sku = ${sku} or pv.barcode = ${exact}${prefix} limit 5))`;
}

/** Only drafts can be deleted; anything once submitted keeps its history (and later its orders): archive it. */
async function deleteBlocker(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(and(inArray(products.id, ids), ne(products.status, 'draft')));
  const blocked = new Map(
    rows.map((r) => [r.id, `it is ${productStatusLabel(r.status).toLowerCase()}; only drafts can be deleted. Archive it instead (Set status… → Archived).`]),
  );
  // A draft a promotion names (its scope's products) stays until the promotion no longer names it.
  for (const [id, reason] of describeUses(ids, [
    { counts: await countUses(db, promotionTargets, promotionTargets.productId, ids), one: 'promotion', many: 'promotions', verb: 'is named by' },
  ]))
    if (!blocked.has(id)) blocked.set(id, reason);
  return blocked;
}

/**
 * The bulk "Set status…": Active only from Inactive (a product gets live through review, one at a
 * time), Inactive only from Active, Archived from anything not yet archived.
 */
export function bulkStatusRefusal(from: string, to: string): string | undefined {
  if (to === 'active' && from !== 'inactive')
    return `it is ${productStatusLabel(from).toLowerCase()}; only an inactive product can be made active again here. New products go live through review.`;
  if (to === 'inactive' && from !== 'active') return `it is ${productStatusLabel(from).toLowerCase()}; only an active product can be made inactive.`;
  return undefined;
}

/**
 * Made active in bulk, a product goes on sale again: its vendor must be active, as for the
 * details page's Activate (a suspended store can't put products back on sale).
 */
async function vendorStatusRefusals(db: DbOrTx, changed: { id: number }[], to: string): Promise<Map<number, string>> {
  if (to !== 'active') return new Map();
  const rows = await db
    .select({ id: products.id, vendorStatus: vendors.status })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(
      inArray(
        products.id,
        changed.map((c) => c.id),
      ),
    );
  return new Map(
    rows.flatMap((r) => {
      const reason = vendorRefusal('activate', r.vendorStatus);
      return reason ? [[r.id, reason] as const] : [];
    }),
  );
}

/** The slug of a new product: from its name, unique among its vendor's products (`kurta`, `kurta-2`, …). */
async function uniqueProductSlug(db: DbOrTx, vendorId: number, name: string): Promise<string> {
  const base = slugify(name, 100) || 'product';
  const taken = new Set(
    (
      await db
        .select({ slug: products.slug })
        .from(products)
        .where(and(eq(products.vendorId, vendorId), or(eq(sql`lower(${products.slug})`, base), ilike(products.slug, `${base}-%`))))
    ).map((r) => r.slug.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

interface TagPlan {
  tagIds: number[] | undefined;
}

async function tagIdsOf(db: DbOrTx, productId: number): Promise<number[]> {
  const rows = await db.select({ tagId: productTags.tagId }).from(productTags).where(eq(productTags.productId, productId)).orderBy(productTags.tagId);
  return rows.map((r) => r.tagId);
}

export const productResource = defineResource({
  area: productArea,
  table: products,
  tableName: 'products',
  searchColumns: [products.name],
  search: productSearch,
  searchExact: productSearchExact,
  computed: {
    vendorName: vendorNameSql(sql`"products"."vendor_id"`),
    brandName: nameOf('brands', 'name', 'brand_id'),
    categoryName: nameOf('categories', 'name', 'category_id'),
    subCategoryName: nameOf('sub_categories', 'name', 'sub_category_id'),
    taxName: nameOf('taxes', 'name', 'tax_id'),
    returnPolicyName: nameOf('return_policies', 'title', 'return_policy_id'),
    sizeChartName: nameOf('size_charts', 'name', 'size_chart_id'),
    thumbnailPath,
  },
  // The list shows none of these; a related name is an index probe per row of every page.
  detailOnly: ['description', 'subCategoryName', 'taxName', 'returnPolicyName', 'sizeChartName'],
  serialize: (r) => ({
    id: r.id,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    name: r.name,
    slug: r.slug,
    description: r.description,
    brand_id: r.brandId ?? null,
    brand_name: r.brandName ?? null,
    category_id: r.categoryId ?? null,
    category_name: r.categoryName ?? null,
    sub_category_id: r.subCategoryId ?? null,
    sub_category_name: r.subCategoryName ?? null,
    tax_id: r.taxId ?? null,
    tax_name: r.taxName ?? null,
    return_policy_id: r.returnPolicyId ?? null,
    return_policy_name: r.returnPolicyName ?? null,
    size_chart_id: r.sizeChartId ?? null,
    size_chart_name: r.sizeChartName ?? null,
    status: r.status,
    rejection_reason: r.rejectionReason ?? null,
    skus: r.skus,
    sku_list: String(r.skus ?? '')
      .split(' ')
      .filter(Boolean),
    price_min_paise: r.priceMinPaise ?? null,
    price_max_paise: r.priceMaxPaise ?? null,
    stock_available: r.stockAvailable,
    variant_count: r.variantCount,
    // The list's thumbnail: the 160-px WebP of the first image.
    thumbnail_url: r.thumbnailPath ? productThumbnailPath(String(r.thumbnailPath)) : null,
    ...recordStamps(r),
  }),
  toValues: (input: ProductInput, existing?: Row) => ({
    // A product never changes vendor (its SKUs and stock are the vendor's). For a vendor the
    // resource replaces this with their own id (VENDOR_OWNED).
    vendorId: existing ? existing.vendorId : (input.vendor_id ?? null),
    name: input.name,
    description: input.description ?? '',
    brandId: input.brand_id ?? null,
    categoryId: input.category_id,
    subCategoryId: input.sub_category_id ?? null,
    taxId: input.tax_id,
    returnPolicyId: input.return_policy_id ?? null,
    sizeChartId: input.size_chart_id ?? null,
  }),
  resolve: async (db, values, existing) => {
    const errors: Record<string, string[]> = {};
    if (values.vendorId === null || values.vendorId === undefined) errors.vendor_id = ['Choose the vendor this product belongs to.'];
    else if (!existing && !(await findReferenced(db, vendors.id, values.vendorId, { id: vendors.id }))) errors.vendor_id = ['Choose a vendor from the list.'];
    const brand = values.brandId ? await findReferenced(db, brands.id, values.brandId, { id: brands.id }) : null;
    if (values.brandId && !brand) errors.brand_id = ['Choose a brand from the list.'];
    const category = await findReferenced(db, categories.id, values.categoryId, { id: categories.id });
    if (!category) errors.category_id = ['Choose a category from the list.'];
    if (values.subCategoryId) {
      const sub = await findReferenced(db, subCategories.id, values.subCategoryId, { categoryId: subCategories.categoryId });
      if (!sub) errors.sub_category_id = ['Choose a sub-category from the list.'];
      else if (category && sub.categoryId !== category.id)
        errors.sub_category_id = ['This sub-category is not in the chosen category. Choose the sub-category again.'];
    }
    if (!(await findReferenced(db, taxes.id, values.taxId, { id: taxes.id }))) errors.tax_id = ['Choose a GST rate from the list.'];
    if (values.returnPolicyId) {
      const policy = await findReferenced(db, returnPolicies.id, values.returnPolicyId, { brandId: returnPolicies.brandId });
      if (!policy) errors.return_policy_id = ['Choose a return policy from the list.'];
      // A brand's own policy (a jeweller's terms) is for that brand's products only.
      else if (policy.brandId !== null && policy.brandId !== values.brandId)
        errors.return_policy_id = ['This return policy belongs to another brand. Choose one of this brand’s, or one for any brand.'];
    }
    if (values.sizeChartId && !(await findReferenced(db, sizeCharts.id, values.sizeChartId, { id: sizeCharts.id })))
      errors.size_chart_id = ['Choose a size chart from the list.'];
    if (Object.keys(errors).length) throw invalid(errors);
    // The slug is made once, from the first name: storefront links keep working when the name changes.
    return existing ? values : { ...values, slug: await uniqueProductSlug(db, Number(values.vendorId), String(values.name)) };
  },
  unique: [
    {
      // Lost only in a race between two saves of the same name: the slug was free when it was made.
      field: 'name',
      expression: (t) => sql`lower(${(t as typeof products).slug})`,
      value: (v) => (v.slug === undefined ? undefined : String(v.slug).toLowerCase()),
      within: (t, v) => eq((t as typeof products).vendorId, Number(v.vendorId)),
      message: 'Another of this vendor’s products was just saved with the same name. Save again.',
    },
  ],
  deleteBlocker,
  // A draft's images: every stored copy goes once the delete has committed.
  filesOnDelete: {
    collect: async (tx, ids) =>
      (await tx.select({ path: productImages.path }).from(productImages).where(inArray(productImages.productId, ids))).map((r) => r.path),
    remove: deleteImageCopies,
  },
  statusChange: {
    refuse: bulkStatusRefusal,
    refuseInTransaction: (tx, changed, to) => vendorStatusRefusals(tx, changed, to),
    // The details page's status history: one event per product changed, in the same transaction.
    afterChange: async (tx, changed, to, scope) => {
      if (!changed.length) return;
      await tx.insert(productStatusEvents).values(
        changed.map((c) => ({
          productId: c.id,
          fromStatus: c.from,
          toStatus: to,
          reason: 'Bulk status change from the list',
          actorUserId: scope.principal.user.id,
        })),
      );
    },
  },
  hooks: {
    /** Tags: each must exist; a tag made inactive stays on the products that have it but is not added to others. */
    beforeWrite: async (db, input, existing) => {
      const tagIds = input.tag_ids;
      if (tagIds === undefined) return { plan: { tagIds: undefined } satisfies TagPlan };
      if (tagIds.length) {
        const found = await db.select({ id: tags.id, status: tags.status }).from(tags).where(inArray(tags.id, tagIds));
        const had = new Set(existing ? await tagIdsOf(db, existing.id) : []);
        if (found.length !== tagIds.length) throw invalid({ tag_ids: ['Some of the chosen tags no longer exist. Choose the tags again.'] });
        if (found.some((t) => t.status !== 'active' && !had.has(t.id)))
          throw invalid({ tag_ids: ['An inactive tag can’t be added to a product. Choose active tags.'] });
      }
      return { plan: { tagIds } satisfies TagPlan };
    },
    afterWrite: async (tx, id, plan, existing, scope): Promise<Changes> => {
      // A vendor's edit of a live product's content goes back to review when the store asks for it
      // (the "Review product changes" setting; product-review.service.server.ts).
      if (existing) {
        const [now] = await tx
          .select({
            status: products.status,
            name: products.name,
            description: products.description,
            categoryId: products.categoryId,
            subCategoryId: products.subCategoryId,
          })
          .from(products)
          .where(eq(products.id, id));
        await sendContentChangeToReview(
          tx,
          scope.actor,
          scope.principal,
          id,
          {
            status: String(existing.status),
            name: String(existing.name),
            description: String(existing.description ?? ''),
            categoryId: (existing.categoryId as number | null) ?? null,
            subCategoryId: (existing.subCategoryId as number | null) ?? null,
          },
          now!,
        );
      }
      const { tagIds } = plan as TagPlan;
      if (tagIds === undefined) return {};
      const before = existing ? await tagIdsOf(tx, id) : [];
      const after = [...tagIds].sort((a, b) => a - b);
      if (before.join(',') === after.join(',')) return {};
      await tx.delete(productTags).where(eq(productTags.productId, id));
      if (after.length) await tx.insert(productTags).values(after.map((tagId) => ({ productId: id, tagId })));
      return { tag_ids: [before, after] };
    },
    /** One product's answer adds its tags and its description as safe HTML (never the list's rows). */
    afterRead: async (db, id) => {
      const [tagIds, [row]] = await Promise.all([tagIdsOf(db, id), db.select({ description: products.description }).from(products).where(eq(products.id, id))]);
      return { tag_ids: tagIds, description_html: renderMarkdown(row?.description ?? '') };
    },
  },
  optionLabel: (r) => ((r.sku_list as string[]).length ? `${String(r.name)} (${(r.sku_list as string[])[0]})` : String(r.name)),
});
