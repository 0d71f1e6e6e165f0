/** Sub-categories on the server: the table behind the declaration, and what only sub-categories have. */
import { eq, sql } from 'drizzle-orm';
import { categories, subCategories } from './category.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, findReferenced, uniqueSlug } from '@/lib/areas/resource-helpers.server.ts';
import { levelRecord, levelValues } from './catalogue-level.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { subCategoryArea } from './sub-category.area.ts';

export const subCategoryResource = defineResource({
  area: subCategoryArea,
  table: subCategories,
  tableName: 'sub_categories',
  queryOnly: { sort_order: { column: subCategories.sortOrder, kind: 'number', sortable: true, filterable: true } },
  searchColumns: [subCategories.name, subCategories.slug],
  computed: { categoryName: categories.name },
  joins: [{ table: categories, on: eq(categories.id, subCategories.categoryId) }],
  serialize: (r) => ({
    ...levelRecord(r),
    category_id: r.categoryId,
    category_name: r.categoryName ?? '',
    products_count: Number(r.productsCount ?? 0),
  }),
  toValues: (input, existing) => ({ categoryId: input.category_id, ...levelValues(input, existing) }),
  optionLabel: (r) => `${String(r.name)} (${String(r.category_name)})`,
  resolve: async (db, values, existing) => {
    if (!(await findReferenced(db, categories.id, values.categoryId, { id: categories.id })))
      throw invalid({ category_id: ['Choose a category from the list.'] });
    if (existing && existing.categoryId !== values.categoryId) {
      // A product's category and sub-category must agree: one with products stays in its category.
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.subCategoryId, existing.id));
      const n = Number(row?.n ?? 0);
      if (n > 0)
        throw invalid({
          category_id: [`${n} product${n === 1 ? ' uses' : 's use'} this sub-category: it can't move to another category. Move those products first.`],
        });
    }
    return values;
  },
  unique: [
    {
      field: 'name',
      // Unique within its category, like the index sub_categories_category_name_lower_idx.
      expression: (t) => sql`${(t as typeof subCategories).categoryId}::text || '|' || lower(${(t as typeof subCategories).name})`,
      value: (v) => `${v.categoryId}|${String(v.name).toLowerCase()}`,
      message: 'This category already has a sub-category with this name.',
    },
    uniqueSlug(subCategories.slug, 'sub-category'),
  ],
  images: [{ field: 'image', column: 'imagePath' }],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, products, products.subCategoryId, ids), one: 'product', many: 'products', verb: 'is used by' }]),
});
