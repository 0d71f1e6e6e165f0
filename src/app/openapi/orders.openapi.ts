/**
 * The orders' part of the OpenAPI document (issue 17): the back-office's order calls and the
 * storefront API, its own section ("Storefront API v1") with request and answer examples.
 */
import { z } from 'zod';
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { bulkStatusSchema } from '@/lib/areas/area-schemas.ts';
import {
  apiKeyInputSchema,
  customerInputSchema,
  customerRequestSchema,
  orderNoteSchema,
  placeOrderSchema,
  transitionSchema,
} from '@/features/orders/order.schema.ts';
import { TRANSITION_ACTIONS, TRANSITIONS } from '@/features/orders/order-status.ts';
import { ORDER_LISTS } from '@/features/orders/order.list.ts';

const STOREFRONT = 'Storefront API v1';
const ORDERS = 'Orders';

const address = { name: 'Asha Rao', phone: '9845012345', line1: '14 Residency Road', line2: 'Flat 3B', pincode: '560025' };
const placeExample = {
  customer: { name: 'Asha Rao', email: 'asha@example.com', phone: '9845012345' },
  shipping_address: address,
  lines: [
    { sku: 'DFH-KUR-001', quantity: 1 },
    { sku: 'KVH-SAR-001', quantity: 2 },
  ],
  payment_method: 'cod',
};
const orderExample = {
  data: {
    number: 'OD-2026-000123',
    status: 'placed',
    status_label: 'Placed',
    placed_at: '2026-11-25T10:04:00.000Z',
    payment_method: 'cod',
    coupon_code: 'WELCOME10',
    items_paise: 1829700,
    discount_paise: 20000,
    tax_paise: 86175,
    shipping_paise: 4900,
    shipping_discount_paise: 0,
    total_paise: 1814600,
    discounts: [
      {
        kind: 'coupon',
        name: 'WELCOME10',
        amount_paise: 20000,
        shipping_discount_paise: 0,
        reason: 'Coupon WELCOME10: 10 % off (at most ₹ 200.00).',
      },
    ],
    skipped: [],
    sub_orders: [
      {
        number: 'OD-2026-000123-1',
        status: 'placed',
        awb: null,
        tracking_url: null,
        total_paise: 129900,
        lines: [
          {
            sku: 'DFH-KUR-001',
            quantity: 1,
            unit_price_paise: 129900,
            discount_paise: 1420,
            tax_rate_bp: 500,
            taxable_paise: 123714,
            cgst_paise: 3093,
            sgst_paise: 3093,
            igst_paise: 0,
            total_paise: 129900,
          },
        ],
      },
    ],
  },
};

const transitionSummary = TRANSITION_ACTIONS.map((a) => {
  const t = TRANSITIONS[a];
  return `${a} (${t.from.join('|')} → ${t.to}; ${t.by.filter((b) => b !== 'customer').join(', ')})`;
}).join('; ');

export const ORDER_OPERATIONS: Record<
  string,
  {
    summary: string;
    tag: string;
    body?: z.ZodType;
    query?: z.ZodObject;
    example?: unknown;
    responseExample?: unknown;
    headers?: { name: string; required: boolean; description: string; example: string }[];
  }
> = {
  ...Object.fromEntries(
    ORDER_LISTS.flatMap((l) => [
      [
        `GET /api/${l.declaration.key}`,
        {
          summary: `${l.declaration.label} (the list contract): one row per sub-order${l.statuses ? ` in ${l.statuses.join(', ')}` : ''}, with order number, customer, status, total in paise, payment method, vendor, pincode, state and AWB; search by order number, customer name, phone or AWB. A vendor sees only their own`,
          tag: ORDERS,
          query: listQuerySchema,
        },
      ],
      [
        `GET /api/${l.declaration.key}/export`,
        { summary: `${l.declaration.label} as CSV (the filtered set, or \`ids\`; times in IST)`, tag: ORDERS, query: listQuerySchema },
      ],
    ]),
  ),
  'POST /api/pending-orders/bulk-status': {
    summary:
      'Bulk confirm or pack (`status`: confirmed | packed) the selected sub-orders (`ids`) or every one matching the list’s `filter`, each in its own transaction as from its details page; answers `{ message, count }` naming what could not move; 409 when nothing moved',
    tag: ORDERS,
    body: bulkStatusSchema,
    example: { ids: [12, 13], status: 'confirmed' },
  },
  'GET /api/orders/{id}': {
    summary:
      'One order: customer, addresses, sub-orders with lines and GST, shipment, actions open now, timeline, payments, notes (a vendor: only their own sub-orders; 404 when none)',
    tag: ORDERS,
  },
  'POST /api/orders/{id}/notes': {
    summary: 'Add an internal note (orders:view: support staff too); never shown to the customer',
    tag: ORDERS,
    body: orderNoteSchema,
  },
  'POST /api/orders/{id}/sub-orders/{subId}/transitions': {
    summary: `Move a sub-order with its \`version\`: ${transitionSummary}. 409 naming the current state and the allowed actions when the state or version moved; ship needs a delivery partner serving the pincode and the AWB`,
    tag: ORDERS,
    body: transitionSchema,
    example: { action: 'ship', version: 3, delivery_partner_id: 1, awb: 'SWX123456789' },
  },
  'GET /api/storefront-api-keys': { summary: 'Storefront API keys: name, prefix, scopes, limit, last use, revoked (never the secret)', tag: 'Global settings' },
  'POST /api/storefront-api-keys': {
    summary: 'Create a storefront API key; the answer’s `secret` is shown this once and stored only as a hash',
    tag: 'Global settings',
    body: apiKeyInputSchema,
    example: { name: 'Web shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 600 },
  },
  'POST /api/storefront-api-keys/{id}/revoke': { summary: 'Revoke a key: refused from the next request on (409 when already revoked)', tag: 'Global settings' },
  'GET /api/storefront/v1/products': {
    summary: 'The catalogue: active products of active vendors, with active variants, prices in paise and available units; `after` pages by product id',
    tag: STOREFRONT,
    query: z.strictObject({ after: z.number().int().optional(), limit: z.number().int().optional() }),
    responseExample: {
      data: [
        {
          id: 1,
          name: 'Indigo block-print kurta',
          vendor: { id: 1, name: 'Demo Fashion House' },
          hsn_code: '6211',
          gst_rate_percent: '5.00',
          prices_include_tax: true,
          variants: [{ id: 1, sku: 'DFH-KUR-001', options: '', mrp_paise: 159900, price_paise: 129900, available: 25 }],
        },
      ],
      meta: { next_after: null },
    },
  },
  'GET /api/storefront/v1/products/{id}': { summary: 'One product on sale with its variants (404 when not on sale)', tag: STOREFRONT },
  'GET /api/storefront/v1/availability': {
    summary: 'Whether a SKU can reach a pincode: serviceable, COD, available units, delivery days',
    tag: STOREFRONT,
    query: z.strictObject({ sku: z.string(), pincode: z.string() }),
    responseExample: {
      data: {
        sku: 'DFH-KUR-001',
        pincode: '560025',
        serviceable: true,
        cod_available: true,
        available: 25,
        can_order: true,
        delivery_days: { min: 1, max: 2 },
      },
    },
  },
  'POST /api/storefront/v1/customers': {
    summary: 'Find the customer by email or phone, or create them (201 created, 200 found); 409 when the phone belongs to another email',
    tag: STOREFRONT,
    body: customerInputSchema,
    example: { name: 'Asha Rao', email: 'asha@example.com', phone: '9845012345' },
  },
  'POST /api/storefront/v1/orders': {
    summary:
      'Place an order: the server prices it (never the client), checks the pincode is served, splits it per vendor and reserves stock in the same transaction. 201 with the order; the same Idempotency-Key again → 200 with the same order; 409 listing the short lines (`errors["lines.N.quantity"]`); 422 for an unknown SKU, pincode or a key reused for a different order. `coupon_code` (any case): promotions apply first, then the coupon on what they left; with a coupon the better of (promotions alone) and (promotions that combine with coupons + the coupon) is kept, and `skipped` says what was left out and why. The discount is split over the eligible lines to the paisa and GST is charged on the discounted value; the delivery charge (Global Settings) is added once (`shipping_paise`). An unknown, inactive, expired, not yet valid, below-minimum or inapplicable coupon, or one past the customer’s own limit, is a 422 and a used-up one a 409, with `errors.coupon_code` in the shopper’s words; nothing is written',
    tag: STOREFRONT,
    body: placeOrderSchema,
    example: placeExample,
    responseExample: orderExample,
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'A unique value per order (8–100 of A–Z a–z 0–9 - _), the same on every retry.',
        example: 'web-7f3c2a9e-0001',
      },
    ],
  },
  'POST /api/storefront/v1/orders/quote': {
    summary:
      'Price a cart exactly as placing would now — lines, promotions, the coupon, GST on the discounted lines, the delivery charge — and write nothing (no order, no stock held, no coupon use): the checkout shows the discount before paying. Same refusals as placing. Placing may still refuse later (stock or the coupon’s last use gone)',
    tag: STOREFRONT,
    body: placeOrderSchema,
    example: { ...placeExample, coupon_code: 'WELCOME10' },
    responseExample: {
      data: {
        lines: [
          {
            sku: 'DFH-KUR-001',
            product_name: 'Cotton Kurta, Indigo',
            quantity: 1,
            unit_price_paise: 129900,
            discount_paise: 1420,
            taxable_paise: 122362,
            tax_paise: 6118,
            total_paise: 128480,
          },
        ],
        items_paise: 1829700,
        discount_paise: 20000,
        taxable_paise: 1727525,
        tax_paise: 86175,
        shipping_paise: 4900,
        shipping_discount_paise: 0,
        total_paise: 1814600,
        discounts: [
          { kind: 'coupon', name: 'WELCOME10', amount_paise: 20000, shipping_discount_paise: 0, reason: 'Coupon WELCOME10: 10 % off (at most ₹ 200.00).' },
        ],
        skipped: [],
      },
    },
  },
  'GET /api/storefront/v1/orders/{number}': {
    summary: 'An order’s status, parcels (tracking links) and lines, as the customer may see it',
    tag: STOREFRONT,
    responseExample: orderExample,
  },
  'POST /api/storefront/v1/orders/{number}/cancel': {
    summary: 'The customer cancels: every parcel not yet shipped is cancelled and its stock released; 409 when none can be',
    tag: STOREFRONT,
    body: customerRequestSchema,
    example: { reason: 'Ordered the wrong size' },
  },
  'POST /api/storefront/v1/orders/{number}/return': {
    summary: 'The customer asks to return every delivered parcel (staff approve or reject); 409 when none is delivered',
    tag: STOREFRONT,
    body: customerRequestSchema,
    example: { reason: 'Colour differs from the photo' },
  },
};
