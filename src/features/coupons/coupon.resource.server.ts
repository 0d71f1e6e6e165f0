/**
 * Coupons on the server (issue 18 §4): the table behind the declaration, and what only coupons
 * have — who pays (a vendor account's coupons are always their own: funded by them, for their
 * store or their own products), the ids of the scope checked against the database, the code unique
 * in any case, and a coupon an order used kept (deactivate it instead of deleting).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { defineResource, type RequestScope } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { vendorNameSql } from '@/lib/vendors/vendor-name.server.ts';
import { categories } from '@/features/categories/category.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { couponArea, type CouponInput } from './coupon.area.ts';
import { couponRedemptions, coupons } from './coupons.tables.ts';

const vendorName = sql<string | null>`${vendorNameSql(sql`"coupons"."vendor_id"`)}`;
const ratePercent = sql<number | null>`(${coupons.rateBp} / 100.0)`;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const rupees = (paise: unknown) => (paise === null || paise === undefined ? '' : (Number(paise) / 100).toFixed(2));
const idsOf = (r: Record<string, unknown>, scope: string) => (r.scope === scope ? ((r.scopeIds as number[] | null) ?? []) : []);

/** The ids the coupon's scope names, each of which must exist (and be the vendor's own, for a vendor account). */
async function checkScope(db: DbOrTx, input: CouponInput, ownVendorId: number | null): Promise<number[]> {
  const ids =
    (input.scope === 'vendors' ? input.vendor_ids : input.scope === 'categories' ? input.category_ids : input.scope === 'products' ? input.product_ids : []) ??
    [];
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const check = async (field: string, idColumn: PgColumn, extra: ReturnType<typeof eq> | undefined, message: string) => {
    const found = await db
      .select({ id: idColumn })
      .from(idColumn.table)
      .where(and(inArray(idColumn, unique), extra));
    if (found.length !== unique.length) throw invalid({ [field]: [message] });
  };
  if (input.scope === 'vendors') await check('vendor_ids', vendors.id, undefined, 'Some of the chosen vendors no longer exist. Choose them again.');
  if (input.scope === 'categories') await check('category_ids', categories.id, undefined, 'Some of the chosen categories no longer exist. Choose them again.');
  if (input.scope === 'products')
    await check(
      'product_ids',
      products.id,
      ownVendorId === null ? undefined : eq(products.vendorId, ownVendorId),
      ownVendorId === null ? 'Some of the chosen products no longer exist. Choose them again.' : 'Choose your own products only.',
    );
  return unique.sort((a, b) => a - b);
}

/** Who pays, decided by the server: a vendor account's coupon is theirs, whatever was sent. */
async function funding(db: DbOrTx, input: CouponInput, s: RequestScope) {
  const user = s.principal.user;
  if (user.userType === 'vendor') {
    if (input.scope === 'vendors' || input.scope === 'categories')
      throw invalid({ scope: ['Your coupons apply to your whole store or some of your products.'] });
    return { fundedBy: 'vendor', vendorId: user.vendorId ?? -1, own: user.vendorId ?? -1 };
  }
  if (input.funded_by === 'platform') return { fundedBy: 'platform', vendorId: null, own: null };
  if (!input.vendor_id) throw invalid({ vendor_id: ['Choose the vendor who pays for it.'] });
  const [v] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.vendor_id)).limit(1);
  if (!v) throw invalid({ vendor_id: ['Choose the vendor who pays for it from the list.'] });
  // A vendor's coupon applies to that vendor's items: their products only.
  return { fundedBy: 'vendor', vendorId: input.vendor_id, own: input.scope === 'products' ? input.vendor_id : null };
}

export const couponResource = defineResource({
  area: couponArea,
  table: coupons,
  tableName: 'coupons',
  searchColumns: [coupons.code, coupons.description],
  computed: { vendorName, ratePercent },
  serialize: (r) => ({
    id: r.id,
    code: r.code,
    description: r.description ?? '',
    kind: r.kind,
    rate_bp: r.rateBp ?? null,
    rate_percent: r.ratePercent === null || r.ratePercent === undefined ? null : Number(r.ratePercent),
    amount_paise: r.amountPaise === null ? null : Number(r.amountPaise),
    max_discount_paise: r.maxDiscountPaise === null ? null : Number(r.maxDiscountPaise),
    min_order_paise: Number(r.minOrderPaise),
    // The form's money fields take rupees: what they show when the coupon is edited.
    amount: rupees(r.amountPaise),
    max_discount: rupees(r.maxDiscountPaise),
    min_order: Number(r.minOrderPaise) ? rupees(r.minOrderPaise) : '',
    funded_by: r.fundedBy,
    vendor_id: r.vendorId ?? null,
    vendor_name: r.vendorName ?? null,
    scope: r.scope,
    scope_ids: r.scopeIds ?? [],
    vendor_ids: idsOf(r, 'vendors'),
    category_ids: idsOf(r, 'categories'),
    product_ids: idsOf(r, 'products'),
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    usage_limit: r.usageLimit ?? null,
    per_customer_limit: r.perCustomerLimit ?? null,
    used: Number(r.used),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    code: input.code,
    description: input.description || null,
    kind: input.kind,
    rateBp: input.kind === 'percent' ? Math.round((input.rate_percent ?? 0) * 100) : null,
    amountPaise: input.kind === 'flat' ? input.amount : null,
    maxDiscountPaise: input.kind === 'percent' ? (input.max_discount ?? null) : null,
    minOrderPaise: input.min_order ?? 0,
    scope: input.scope,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    usageLimit: input.usage_limit ?? null,
    perCustomerLimit: input.per_customer_limit ?? null,
    status: input.status,
  }),
  unique: [
    {
      field: 'code',
      expression: () => sql`lower(${coupons.code})`,
      value: (v) => String(v.code ?? '').toLowerCase(),
      message: 'Another coupon has this code (in any case). Choose another.',
    },
  ],
  hooks: {
    beforeWrite: async (db, input, _existing, s) => {
      const f = await funding(db, input, s);
      const scopeIds = await checkScope(db, input, f.own);
      return { plan: null, values: { fundedBy: f.fundedBy, vendorId: f.vendorId, scopeIds } };
    },
    afterWrite: async () => ({}),
  },
  // A coupon orders used is part of their history: deactivate it or end it instead.
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, couponRedemptions, couponRedemptions.couponId, ids), one: 'order', many: 'orders', verb: 'was used by' }]),
});
