/** Categories on the server: the table behind the declaration, and what only categories have. */
import { sql } from 'drizzle-orm';
import { categories, products, subCategories } from '../../lib/db/schema.ts';
import { defineResource } from '../../lib/areas/resource.server.ts';
import { countUses, describeUses, slugValue, storedPercent, uniqueNameAndSlug, uploadUrl } from '../../lib/areas/resource-helpers.server.ts';
import { categoryArea } from './category.area.ts';

// Correlated counts, sortable and filterable like columns; qualified by hand (see brands).
const subCategoriesCount = sql<number>`(select count(*)::int from sub_categories s where s.category_id = "categories"."id")`;
const productsCount = sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`;

export const categoryResource = defineResource({
  area: categoryArea,
  table: categories,
  tableName: 'categories',
  columns: {
    name: { column: categories.name, kind: 'text', sortable: true, filterable: true },
    slug: { column: categories.slug, kind: 'text', sortable: true, filterable: true },
    sort_order: { column: categories.sortOrder, kind: 'number', sortable: true, filterable: true },
    // Not sortable: blank (the store default) is NULL, which a keyset cursor can't step past.
    commission_percent: { column: categories.commissionPercent, kind: 'number', filterable: true },
    sub_categories_count: { column: subCategoriesCount, kind: 'number', sortable: true, filterable: true },
    products_count: { column: productsCount, kind: 'number', sortable: true, filterable: true },
    status: { column: categories.status, kind: 'enum', sortable: true, filterable: true, options: ['active', 'inactive'] },
    created_at: { column: categories.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: categories.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [categories.name, categories.slug],
  computed: { subCategoriesCount, productsCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description ?? '',
    image_url: uploadUrl(r.imagePath),
    sort_order: r.sortOrder,
    commission_percent: r.commissionPercent === null ? null : Number(r.commissionPercent),
    sub_categories_count: Number(r.subCategoriesCount ?? 0),
    products_count: Number(r.productsCount ?? 0),
    status: r.status,
    created_at: (r.createdAt as Date).toISOString(),
    updated_at: (r.updatedAt as Date).toISOString(),
    version: r.version,
  }),
  toValues: (input, existing) => ({
    name: input.name,
    slug: slugValue(input.slug, input.name, existing),
    description: input.description || null,
    sortOrder: input.sort_order,
    commissionPercent: storedPercent(input.commission_percent),
    status: input.status,
  }),
  unique: uniqueNameAndSlug(categories.name, categories.slug, 'category'),
  images: [{ field: 'image', column: 'imagePath' }],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, subCategories, subCategories.categoryId, ids), one: 'sub-category', many: 'sub-categories', verb: 'has' },
      { counts: await countUses(db, products, products.categoryId, ids), one: 'product', many: 'products', verb: 'is used by' },
    ]),
});
