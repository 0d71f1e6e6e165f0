/** Brands on the server: the table behind the declaration, and what only brands have. */
import { inArray, sql } from 'drizzle-orm';
import { brands, products } from '../../lib/db/schema.ts';
import { defineResource, slugify } from '../../lib/areas/resource.server.ts';
import { rowsOf } from '../../lib/auth/rate-limit.server.ts';
import { brandArea } from './brand.area.ts';

/** Kept as a correlated count so it can be sorted and filtered like a column. */
// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const productsCount = sql<number>`(select count(*)::int from products p where p.brand_id = "brands"."id")`;

export const brandResource = defineResource({
  area: brandArea,
  table: brands,
  tableName: 'brands',
  columns: {
    name: { column: brands.name, kind: 'text', sortable: true, filterable: true },
    slug: { column: brands.slug, kind: 'text', sortable: true, filterable: true },
    status: { column: brands.status, kind: 'enum', sortable: true, filterable: true, options: ['active', 'inactive'] },
    products_count: { column: productsCount, kind: 'number', sortable: true, filterable: true },
    created_at: { column: brands.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: brands.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [brands.name, brands.slug],
  computed: { productsCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description ?? '',
    status: r.status,
    logo_url: r.logoPath ? `/uploads/${r.logoPath}` : null,
    products_count: Number(r.productsCount ?? 0),
    created_at: (r.createdAt as Date).toISOString(),
    updated_at: (r.updatedAt as Date).toISOString(),
    version: r.version,
  }),
  toValues: (input, existing) => ({
    name: input.name,
    // A saved slug stays put when the name changes: links to it keep working.
    slug: input.slug || (existing?.slug as string | undefined) || slugify(input.name),
    description: input.description || null,
    status: input.status,
  }),
  unique: [
    { field: 'name', expression: (t) => sql`lower(${(t as typeof brands).name})`, value: (v) => String(v.name).toLowerCase(), message: 'A brand with this name already exists.' },
    { field: 'slug', expression: (t) => (t as typeof brands).slug, value: (v) => v.slug, message: 'This slug is already used by another brand.' },
  ],
  images: [{ field: 'logo', column: 'logoPath' }],
  deleteBlocker: async (db, ids) => {
    const rows = rowsOf<{ brand_id: number; n: number }>(
      await db.execute(sql`select ${products.brandId} as brand_id, count(*)::int as n from ${products} where ${inArray(products.brandId, ids)} group by 1`),
    );
    return new Map(rows.map((r) => [Number(r.brand_id), `it is used by ${r.n} product${Number(r.n) === 1 ? '' : 's'}.`]));
  },
});
