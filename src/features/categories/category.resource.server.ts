/** Categories on the server: the table behind the declaration, and what only categories have. */
import { sql } from 'drizzle-orm';
import { categories, subCategories } from './category.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { promotionTargets } from '@/features/promotions/promotions.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, uniqueNameAndSlug } from '@/lib/areas/resource-helpers.server.ts';
import { levelRecord, levelValues } from './catalogue-level.server.ts';
import { categoryArea } from './category.area.ts';

// Correlated counts, sortable and filterable like columns; qualified by hand (see brands).
const subCategoriesCount = sql<number>`(select count(*)::int from sub_categories s where s.category_id = "categories"."id")`;

export const categoryResource = defineResource({
  area: categoryArea,
  table: categories,
  tableName: 'categories',
  searchColumns: [categories.name, categories.slug],
  computed: { subCategoriesCount },
  serialize: (r) => ({
    ...levelRecord(r),
    sub_categories_count: Number(r.subCategoriesCount ?? 0),
    products_count: Number(r.productsCount ?? 0),
  }),
  toValues: (input, existing) => levelValues(input, existing),
  unique: uniqueNameAndSlug(categories.name, categories.slug, 'category'),
  images: [{ field: 'image', column: 'imagePath' }],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, subCategories, subCategories.categoryId, ids), one: 'sub-category', many: 'sub-categories', verb: 'has' },
      { counts: await countUses(db, products, products.categoryId, ids), one: 'product', many: 'products', verb: 'is used by' },
      { counts: await countUses(db, promotionTargets, promotionTargets.categoryId, ids), one: 'promotion', many: 'promotions', verb: 'is named by' },
    ]),
});
