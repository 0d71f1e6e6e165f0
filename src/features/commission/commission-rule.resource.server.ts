/** Commission rules on the server (issue 18 §1): the table behind the declaration, and what only rules have. */
import { sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, findReferenced, recordStamps, storedPercent } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { vendorNameSql } from '@/lib/vendors/vendor-name.server.ts';
import { categories } from '@/features/categories/category.tables.ts';
import { commissionRuleArea } from './commission-rule.area.ts';
import { commissionRules, orderLineTerms } from './commission.tables.ts';

// Never NULL, so they sort and page like any text: a rule for any vendor or category says so.
const vendorName = sql<string>`coalesce(${vendorNameSql(sql`"commission_rules"."vendor_id"`)}, 'Any vendor')`;
const categoryName = sql<string>`coalesce((select c.name from categories c where c.id = "commission_rules"."category_id"), 'Any category')`;
// How many order lines were placed under it (it can't be deleted then: end it or deactivate it).
const linesCount = sql<number>`(select count(*)::int from order_line_terms t where t.rule_id = "commission_rules"."id")`;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

export const commissionRuleResource = defineResource({
  area: commissionRuleArea,
  table: commissionRules,
  tableName: 'commission_rules',
  searchColumns: [commissionRules.name],
  computed: { vendorName, categoryName, linesCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    vendor_id: r.vendorId ?? null,
    vendor_name: r.vendorName,
    category_id: r.categoryId ?? null,
    category_name: r.categoryName,
    kind: r.kind,
    rate_percent: Number(r.ratePercent),
    fee_paise: Number(r.feePaise),
    // The form's fee field takes rupees: what it shows when the rule is edited.
    fee: r.kind === 'percent_fee' ? (Number(r.feePaise) / 100).toFixed(2) : '',
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    lines_count: Number(r.linesCount ?? 0),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    vendorId: input.vendor_id ?? null,
    categoryId: input.category_id ?? null,
    kind: input.kind,
    ratePercent: storedPercent(input.rate_percent as number),
    feePaise: input.kind === 'percent_fee' ? (input.fee ?? 0) : 0,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    status: input.status,
  }),
  resolve: async (db, values) => {
    const errors: Record<string, string[]> = {};
    if (values.vendorId !== null && !(await findReferenced(db, vendors.id, values.vendorId, { id: vendors.id })))
      errors.vendor_id = ['Choose a vendor from the list, or Any vendor.'];
    if (values.categoryId !== null && !(await findReferenced(db, categories.id, values.categoryId, { id: categories.id })))
      errors.category_id = ['Choose a category from the list, or Any category.'];
    if (Object.keys(errors).length) throw invalid(errors);
    return values;
  },
  // A rule that priced an order line is part of that line's history: end or deactivate it instead.
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, orderLineTerms, orderLineTerms.ruleId, ids), one: 'order line', many: 'order lines', verb: 'priced' }]),
});
