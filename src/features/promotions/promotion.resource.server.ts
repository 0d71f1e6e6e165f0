/**
 * Promotions on the server (issue 18 §5): the promotion's row, and the categories, products or
 * vendors its scope names (promotion_targets), saved together in one transaction with the
 * activity entry. Money in paise, the rate in basis points.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { vendorNameSql } from '@/lib/vendors/vendor-name.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { percentToBasisPoints } from '@/lib/money/gst.ts';
import { formatPaise, paiseToRupeesText } from '@/lib/money/paise.ts';
import { formatBasisPoints } from '@/lib/money/rate.ts';
import { categories } from '@/features/categories/category.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { promotionArea, type PromotionInput } from './promotion.area.ts';
import { promotions, promotionTargets } from './promotions.tables.ts';

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Scope = PromotionInput['scope'];
const TARGET = {
  categories: { column: promotionTargets.categoryId, table: categories, id: categories.id, field: 'category_ids', key: 'categoryId' },
  products: { column: promotionTargets.productId, table: products, id: products.id, field: 'product_ids', key: 'productId' },
  vendors: { column: promotionTargets.vendorId, table: vendors, id: vendors.id, field: 'vendor_ids', key: 'vendorId' },
} as const;

/** What the offer is, in a few words, for the list ("10 % off, up to ₹ 500.00", "Buy 2 get 1 free"). */
function offerOf(r: Record<string, unknown>): string {
  if (r.kind === 'percent_off')
    return `${formatBasisPoints(Number(r.rateBp))} off${r.maxDiscountPaise === null ? '' : `, up to ${formatPaise(Number(r.maxDiscountPaise))}`}`;
  if (r.kind === 'buy_x_get_y') return `Buy ${Number(r.buyQuantity)} get ${Number(r.getQuantity)} free`;
  return 'Free delivery';
}

/** What the scope names, for the list: "Jewellery", "Sarees, Kurtas", or "Whole store". */
const appliesTo = sql<string>`coalesce((select string_agg(coalesce(c.name, p.name, ${vendorNameSql(sql`t.vendor_id`)}), ', ' order by 1)
  from promotion_targets t left join categories c on c.id = t.category_id left join products p on p.id = t.product_id
  where t.promotion_id = "promotions"."id"), 'Whole store')`;

/** The ids a promotion's scope names. */
async function targetIdsOf(db: DbOrTx, id: number): Promise<Record<'category_ids' | 'product_ids' | 'vendor_ids', number[]>> {
  const rows = await db.select().from(promotionTargets).where(eq(promotionTargets.promotionId, id));
  const ids = (pick: (r: (typeof rows)[number]) => number | null) =>
    rows
      .map(pick)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
  return { category_ids: ids((r) => r.categoryId), product_ids: ids((r) => r.productId), vendor_ids: ids((r) => r.vendorId) };
}

interface TargetPlan {
  scope: Scope;
  ids: number[];
}

export const promotionResource = defineResource({
  area: promotionArea,
  table: promotions,
  tableName: 'promotions',
  searchColumns: [promotions.name],
  computed: { appliesTo },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    offer: offerOf(r),
    rate_bp: Number(r.rateBp),
    // The form's field: the rate as typed ("12.5").
    rate_percent: r.kind === 'percent_off' ? formatBasisPoints(Number(r.rateBp)).replace(' %', '') : '',
    max_discount_paise: num(r.maxDiscountPaise),
    max_discount: r.maxDiscountPaise === null ? '' : paiseToRupeesText(Number(r.maxDiscountPaise), { grouping: false }),
    buy_quantity: num(r.buyQuantity),
    get_quantity: num(r.getQuantity),
    scope: r.scope,
    applies_to: r.appliesTo,
    target_count: Number(r.targetCount),
    min_order_paise: Number(r.minOrderPaise),
    min_order: Number(r.minOrderPaise) ? paiseToRupeesText(Number(r.minOrderPaise), { grouping: false }) : '',
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    priority: Number(r.priority),
    stacks_with_coupons: Boolean(r.stacksWithCoupons),
    // Promotions are the marketplace's: the platform funds every one (vendors fund coupons only).
    funded_by: 'platform',
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    kind: input.kind,
    rateBp: input.kind === 'percent_off' ? percentToBasisPoints(input.rate_percent as number) : 0,
    maxDiscountPaise: input.kind === 'percent_off' ? (input.max_discount ?? null) : null,
    buyQuantity: input.kind === 'buy_x_get_y' ? input.buy_quantity : null,
    getQuantity: input.kind === 'buy_x_get_y' ? input.get_quantity : null,
    scope: input.scope,
    minOrderPaise: input.min_order ?? 0,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    priority: input.priority,
    stacksWithCoupons: input.stacks_with_coupons,
    status: input.status,
  }),
  hooks: {
    /** The scope's records must exist; the other scopes' lists are dropped (a store-wide promotion names none). */
    async beforeWrite(db, input) {
      const scope = input.scope;
      if (scope === 'store') return { plan: { scope, ids: [] } satisfies TargetPlan, values: { targetCount: 0 } };
      const target = TARGET[scope];
      const ids = (input[target.field] ?? []) as number[];
      const found = await db.select({ id: target.id }).from(target.table).where(inArray(target.id, ids));
      if (found.length !== ids.length) throw invalid({ [target.field]: [`Some of the chosen ${scope} no longer exist. Choose them again.`] });
      return { plan: { scope, ids: [...ids].sort((a, b) => a - b) } satisfies TargetPlan, values: { targetCount: ids.length } };
    },
    async afterWrite(tx, id, plan, existing): Promise<Changes> {
      const { scope, ids } = plan as TargetPlan;
      const before = existing ? await targetIdsOf(tx, id) : { category_ids: [], product_ids: [], vendor_ids: [] };
      const after = { category_ids: [] as number[], product_ids: [] as number[], vendor_ids: [] as number[] };
      if (scope !== 'store') after[TARGET[scope].field] = ids;
      const changes: Changes = {};
      for (const field of ['category_ids', 'product_ids', 'vendor_ids'] as const)
        if (before[field].join(',') !== after[field].join(',')) changes[field] = [before[field], after[field]];
      if (!Object.keys(changes).length) return {};
      await tx.delete(promotionTargets).where(eq(promotionTargets.promotionId, id));
      if (scope !== 'store' && ids.length)
        await tx.insert(promotionTargets).values(ids.map((targetId) => ({ promotionId: id, [TARGET[scope].key]: targetId })));
      return changes;
    },
    afterRead: (db, id) => targetIdsOf(db, id),
  },
});
