/** Brands on the server: the table behind the declaration, and what only brands have. */
import { brands } from './brand.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { returnPolicies } from '@/features/return-policies/return-policy.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { slugify } from '@/lib/text/slug.ts';
import { countUses, describeUses, recordStamps, uniqueNameAndSlug } from '@/lib/areas/resource-helpers.server.ts';
import { brandArea } from './brand.area.ts';

export const brandResource = defineResource({
  area: brandArea,
  table: brands,
  tableName: 'brands',
  searchColumns: [brands.name, brands.slug],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description ?? '',
    status: r.status,
    logo_url: r.logoPath ? `/uploads/${r.logoPath}` : null,
    products_count: Number(r.productsCount ?? 0),
    ...recordStamps(r),
  }),
  toValues: (input, existing) => ({
    name: input.name,
    // A saved slug stays put when the name changes: links to it keep working.
    slug: input.slug || (existing?.slug as string | undefined) || slugify(input.name),
    description: input.description || null,
    status: input.status,
  }),
  unique: uniqueNameAndSlug(brands.name, brands.slug, 'brand'),
  images: [{ field: 'logo', column: 'logoPath' }],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, products, products.brandId, ids), one: 'product', many: 'products', verb: 'is used by' },
      { counts: await countUses(db, returnPolicies, returnPolicies.brandId, ids), one: 'return policy', many: 'return policies', verb: 'has' },
    ]),
});
