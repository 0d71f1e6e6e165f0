/**
 * Commission (issue 18 §1, docs/money.md "Commission"): the rules staff keep, and the terms each
 * order line was placed under. A line's commission is found once, when the order is placed, and
 * frozen in `order_line_terms`: editing or ending a rule later never changes a placed order
 * (decision 047). Amounts are integer paise; a line's rate is basis points (1250 = 12.5 %).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { vendors } from '../../lib/db/schema.ts';
import { categories } from '../categories/category.tables.ts';
import { orderLines } from '../orders/orders.tables.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * A commission rule: for a vendor, a category, or a vendor's sales in a category; a percentage of
 * the line's taxable value, optionally plus a fixed fee per line; in force between optional dates.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    /** What staff call it ("Festive sarees 2026"). */
    name: text('name').notNull(),
    /** The vendor it applies to; null = every vendor (then a category is required). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** The (top-level) category it applies to; null = every category (then a vendor is required). */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** 'percent' | 'percent_fee' */
    kind: text('kind').notNull().default('percent'),
    /** Percent of the line's taxable value, 2 decimals (as vendors' and categories' rates); basis points on the line. */
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    /** Per line, whatever its quantity; 0 for a plain percentage. */
    feePaise: paise('fee_paise').notNull().default(0),
    /** In force from (inclusive) and until (exclusive); null = open-ended. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('commission_rules_vendor_category_idx').on(t.vendorId, t.categoryId),
    index('commission_rules_category_idx').on(t.categoryId),
    check('commission_rules_target_check', sql`${t.vendorId} is not null or ${t.categoryId} is not null`),
    check('commission_rules_kind_check', sql`${t.kind} in ('percent', 'percent_fee')`),
    check('commission_rules_rate_check', sql`${t.ratePercent} between 0 and 100`),
    check('commission_rules_fee_check', sql`${t.feePaise} >= 0 and (${t.kind} = 'percent_fee' or ${t.feePaise} = 0)`),
    check('commission_rules_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Where a line's commission came from, most specific first (docs/money.md). */
export const COMMISSION_SOURCES = ['vendor_category_rule', 'vendor_rule', 'vendor', 'category_rule', 'sub_category', 'category', 'default'] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

/**
 * The marketplace's terms of one order line, frozen when the order is placed: the commission (the
 * rule or rate that applied, its kind, rate and fee, the base and the amount) and the return window
 * the customer bought under (the earnings of the line become payable after it). One row per line.
 */
export const orderLineTerms = pgTable(
  'order_line_terms',
  {
    orderLineId: integer('order_line_id')
      .primaryKey()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The rule, when a rule applied; a rule that was used can't be deleted (end or deactivate it). */
    ruleId: integer('rule_id').references(() => commissionRules.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    rateBp: integer('rate_bp').notNull(),
    feePaise: paise('fee_paise').notNull(),
    /** The line's taxable value (commission is charged on it, never on the GST). */
    basePaise: paise('base_paise').notNull(),
    commissionPaise: paise('commission_paise').notNull(),
    /** Days after delivery the customer may ask for a return (0: not returnable). */
    returnWindowDays: integer('return_window_days').notNull(),
  },
  (t) => [
    index('order_line_terms_rule_idx')
      .on(t.ruleId)
      .where(sql`${t.ruleId} is not null`),
    check('order_line_terms_amount_check', sql`${t.commissionPaise} >= 0 and ${t.commissionPaise} <= ${t.basePaise}`),
    check('order_line_terms_window_check', sql`${t.returnWindowDays} >= 0`),
  ],
);
