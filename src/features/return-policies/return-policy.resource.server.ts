/** Return policies on the server: the table behind the declaration, and what only return policies have. */
import { products } from '@/features/products/product.tables.ts';
import { countUses, describeUses, findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { sql } from 'drizzle-orm';
import { brands } from '@/features/brands/brand.tables.ts';
import { returnPolicies } from './return-policy.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { returnPolicyArea } from './return-policy.area.ts';

/**
 * The brand's name, '' for a policy of any brand: a correlated lookup rather than a join, because
 * the brand is optional (joins are for parents every row has). Never NULL, so it sorts and pages.
 */
const brandName = sql<string>`coalesce((select b.name from brands b where b.id = "return_policies"."brand_id"), '')`;

export const returnPolicyResource = defineResource({
  area: returnPolicyArea,
  table: returnPolicies,
  tableName: 'return_policies',
  searchColumns: [returnPolicies.title],
  computed: { brandName },
  serialize: (r) => ({
    id: r.id,
    title: r.title,
    brand_id: r.brandId,
    brand_name: r.brandName ?? '',
    is_returnable: r.isReturnable,
    return_window_days: r.returnWindowDays,
    conditions: r.conditions ?? '',
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    title: input.title,
    brandId: input.brand_id,
    isReturnable: input.is_returnable,
    // The schema allows a window only on returnable policies; "none" is stored as 0.
    returnWindowDays: input.is_returnable ? (input.return_window_days ?? 0) : 0,
    conditions: input.conditions || null,
    status: input.status,
  }),
  resolve: async (db, values) => {
    if (values.brandId === null) return values;
    if (!(await findReferenced(db, brands.id, values.brandId, { id: brands.id })))
      throw invalid({ brand_id: ['Choose a brand from the list, or None for a policy any brand may use.'] });
    return values;
  },
  unique: [
    {
      field: 'title',
      expression: (t) => sql`lower(${(t as typeof returnPolicies).title})`,
      value: (v) => String(v.title).toLowerCase(),
      message: 'A return policy with this title already exists.',
    },
  ],
  // A product's return policy is its terms to the shopper: one in use stays (restrict).
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, products, products.returnPolicyId, ids), one: 'product', many: 'products', verb: 'is used by' }]),
});
