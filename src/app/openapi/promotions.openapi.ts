/**
 * The promotions' part of the OpenAPI document (issue 18 §5–6): money in paise, the rate in basis
 * points; staff only (vendor accounts never hold a promotions permission). The other calls of the
 * area (export, options, bulk status and delete, delete-check) are described from its declaration.
 */
import { z } from 'zod';
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { versionSchema } from '@/lib/http/integers.ts';
import { promotionSchema } from '@/features/promotions/promotion.area.ts';

const PROMOTIONS = 'Promotions';

const RECORD =
  'A promotion: name, kind (percent_off, buy_x_get_y, free_shipping), offer (in words), rate_bp (percent_off), max_discount_paise, buy_quantity and get_quantity (buy_x_get_y), scope (store, categories, products, vendors) with target_count (and category_ids, product_ids, vendor_ids on one record), min_order_paise (judged on the cart’s gross), starts_at and ends_at (from inclusive, until exclusive), priority (higher first), stacks_with_coupons, funded_by (always platform), status';

export const PROMOTION_OPERATIONS: Record<
  string,
  { summary: string; tag: string; body?: z.ZodType; query?: z.ZodObject; multipart?: boolean; example?: unknown }
> = {
  'GET /api/promotions': {
    summary: `Promotions (the list contract), highest priority first. ${RECORD}. Filters: name, kind, scope, min_order_paise, priority, starts_at, ends_at, stacks_with_coupons, status; search by name. Needs promotions:list (the page also rbac:list)`,
    tag: PROMOTIONS,
    query: listQuerySchema,
  },
  'GET /api/promotions/{id}': { summary: `One promotion, with the ids its scope names. ${RECORD}`, tag: PROMOTIONS },
  'POST /api/promotions': {
    summary:
      'Add a promotion (promotions:create). JSON takes amounts in paise (`min_order`, `max_discount`), a form takes rupees ("999.00"); `rate_percent` 0.01–100 with two decimals; buy_quantity and get_quantity ≥ 1; the scope’s ids as an array (a form: JSON text); ends_at after starts_at (India time when no zone is given). Which promotions a cart gets: docs/money.md "Promotions"',
    tag: PROMOTIONS,
    body: promotionSchema,
    multipart: true,
    example: {
      name: 'Free delivery above ₹ 999',
      kind: 'free_shipping',
      scope: 'store',
      min_order: 99900,
      starts_at: '2026-12-01T00:00:00+05:30',
      priority: 0,
      stacks_with_coupons: true,
      status: 'active',
    },
  },
  'PUT /api/promotions/{id}': {
    summary: 'Change a promotion (promotions:update) with the `version` you loaded (409 if it changed); the same fields as adding',
    tag: PROMOTIONS,
    body: promotionSchema.extend({ version: versionSchema }),
    multipart: true,
  },
};
