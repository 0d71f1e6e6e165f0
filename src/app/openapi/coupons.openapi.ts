/** The coupons' part of the OpenAPI document (issue 18 §4, §6): money in paise; a vendor's own coupons only. */
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { couponSchema } from '@/features/coupons/coupon.area.ts';

const COUPONS = 'Coupons';

const couponExample = {
  data: {
    id: 1,
    code: 'WELCOME10',
    description: '10 % off a first order, up to ₹ 200',
    kind: 'percent',
    rate_bp: 1000,
    rate_percent: 10,
    amount_paise: null,
    max_discount_paise: 20000,
    min_order_paise: 0,
    funded_by: 'platform',
    vendor_id: null,
    vendor_name: null,
    scope: 'store',
    scope_ids: [],
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    per_customer_limit: 1,
    used: 3,
    status: 'active',
    version: 1,
  },
};

export const COUPON_OPERATIONS = {
  'GET /api/coupons': {
    summary:
      'Coupons (the list contract), newest change first: code, kind (percent: rate_bp; flat: amount_paise), max_discount_paise, min_order_paise, funded_by, vendor, scope and its ids, validity, usage_limit, per_customer_limit, used (uses held by placed orders; a cancelled order gives its use back), status. Search by code or description. A vendor sees only the coupons they fund',
    tag: COUPONS,
    query: listQuerySchema,
    responseExample: { data: [couponExample.data], meta: { total: 1, per_page: 25 } },
  },
  'POST /api/coupons': {
    summary:
      'Create a coupon. Money typed in rupees from a form, in paise as JSON numbers. The code is unique in any case. A vendor’s coupon is always funded by them (funded_by and vendor_id are set by the server) and applies to their whole store or to some of their own products (`product_ids`); staff choose the platform or a vendor, and the scope (`vendor_ids`, `category_ids` or `product_ids`)',
    tag: COUPONS,
    body: couponSchema,
    multipart: true,
    example: { code: 'WELCOME10', kind: 'percent', rate_percent: 10, max_discount: 20000, scope: 'store', funded_by: 'platform', per_customer_limit: 1 },
    responseExample: couponExample,
  },
  'PUT /api/coupons/{id}': {
    summary: 'Change a coupon (with its `version`; 409 when someone changed it meanwhile). Another vendor’s coupon is a 404',
    tag: COUPONS,
    body: couponSchema,
    multipart: true,
  },
  'DELETE /api/coupons/{id}': {
    summary: 'Delete a coupon no order used (409 otherwise: deactivate or end it instead). Another vendor’s coupon is a 404',
    tag: COUPONS,
  },
};
