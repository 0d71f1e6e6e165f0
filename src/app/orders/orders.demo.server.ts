/**
 * Demo orders, made by the storefront's own code path (placeOrder, then the same moves the
 * back-office makes), so demo orders are real orders: priced and taxed by the server, stock
 * reserved, shipped and released through the stock core, timelines and activity written. After the
 * customers, stock and delivery zones. Placed through a "Demo data" storefront key that is revoked
 * at once (its secret was never shown to anyone).
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { SYSTEM_ACTOR } from '../../lib/activity/activity.server.ts';
import { sha256 } from '../../lib/security/tokens.server.ts';
import { deliveryPartners } from '../../features/delivery-partners/delivery-partner.tables.ts';
import { customers } from '../../features/customers/customer.tables.ts';
import { orders, storefrontApiKeys, subOrders } from '../../features/orders/orders.tables.ts';
import type { PlaceOrderInput } from '../../features/orders/order.schema.ts';
import type { TransitionAction } from '../../features/orders/order-status.ts';
import { placeOrder } from './order-placing.server.ts';
import { moveSubOrder, type Mover } from './order-transitions.server.ts';
import { atTime } from '../../lib/time/clock.server.ts';
import { razorpayEventSchema, razorpayPaymentEvent } from '../../features/payments/razorpay.server.ts';
import { applyRazorpayEvent } from '../payments/payment-webhook.server.ts';

interface DemoOrder {
  key: string;
  /** The customer and both names on the address come from the n-th active demo customer. */
  input: Omit<PlaceOrderInput, 'customer' | 'shipping_address'> & { shipping_address: { line1: string; pincode: string } };
  /** Moves of the sub-order of each vendor SKU prefix ("DFH", "KVH"), in order. */
  moves?: Record<string, { action: TransitionAction; reason?: string; partner?: string; awb?: string }[]>;
  /**
   * Placed this many days ago, each move a day after the one before (through the money clock:
   * src/lib/time/clock.server.ts), so a delivered order's return window can have passed already
   * and its earnings be payable on a new install (issue 18 §8). Omitted: placed and moved now.
   */
  ageDays?: number;
  /** A prepaid order's gateway events, through the webhook's own code (decision 042), right after placing. */
  gateway?: ('payment.captured' | 'payment.failed')[];
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    key: 'demo-order-0001',
    input: {
      shipping_address: { line1: '14 Residency Road', pincode: '560001' },
      lines: [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      payment_method: 'cod',
    },
    moves: { DFH: [{ action: 'confirm' }, { action: 'pack' }, { action: 'ship', partner: 'Swift Express', awb: 'SWX100000001' }] },
  },
  {
    key: 'demo-order-0002',
    input: {
      shipping_address: { line1: '7 Brigade Road', pincode: '560001' },
      lines: [{ sku: 'DFH-SHI-002', quantity: 1 }],
      payment_method: 'prepaid',
    },
    gateway: ['payment.captured'],
    moves: { DFH: [{ action: 'confirm' }] },
  },
  {
    key: 'demo-order-0003',
    input: {
      shipping_address: { line1: '22 Anna Salai', pincode: '600002' },
      lines: [{ sku: 'KVH-TOW-002', quantity: 1 }],
      payment_method: 'prepaid',
    },
    // Paid, then cancelled: its refund waits for a person (the default refund provider).
    gateway: ['payment.captured'],
    moves: { KVH: [{ action: 'cancel', reason: 'Customer ordered the wrong colour' }] },
  },
  {
    key: 'demo-order-0004',
    input: {
      shipping_address: { line1: '3 Church Street', pincode: '560001' },
      lines: [{ sku: 'DFH-KUR-020-M-IND', quantity: 2 }],
      payment_method: 'cod',
    },
    moves: {
      DFH: [{ action: 'confirm' }, { action: 'pack' }, { action: 'ship', partner: 'Swift Express', awb: 'SWX100000004' }, { action: 'deliver' }],
    },
    // Delivered 26 days ago: past its return window, so its earnings are payable (issue 18).
    ageDays: 30,
  },
  {
    key: 'demo-order-0005',
    input: {
      shipping_address: { line1: '18 Lavelle Road', pincode: '560001' },
      lines: [{ sku: 'DFH-KUR-001', quantity: 1 }],
      payment_method: 'prepaid',
    },
    // The customer's card was declined: the order awaits payment for a retry.
    gateway: ['payment.failed'],
  },
  {
    key: 'demo-order-0006',
    input: {
      shipping_address: { line1: '41 Cathedral Road', pincode: '600002' },
      lines: [{ sku: 'DFH-KUR-020-M-WHT', quantity: 1 }],
      payment_method: 'prepaid',
    },
    gateway: ['payment.captured'],
    moves: {
      DFH: [{ action: 'confirm' }, { action: 'pack' }, { action: 'ship', partner: 'Dakshin Couriers', awb: 'DKC200000006' }, { action: 'deliver' }],
    },
    // Delivered yesterday, from Karnataka to Tamil Nadu (IGST): its earnings wait out the return window.
    ageDays: 5,
  },
  // Issue 18 §4: placed with coupons (src/features/coupons/coupons.demo.server.ts), waiting to be confirmed.
  {
    key: 'demo-order-0007',
    input: {
      shipping_address: { line1: '9 MG Road', pincode: '560001' },
      lines: [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      payment_method: 'cod',
      // The platform's 10 %, capped at ₹ 200, split over both vendors' lines.
      coupon_code: 'welcome10',
    },
  },
  {
    key: 'demo-order-0008',
    input: {
      shipping_address: { line1: '5 Infantry Road', pincode: '560001' },
      lines: [{ sku: 'DFH-SHI-002', quantity: 1 }],
      payment_method: 'cod',
      // Demo Fashion House's own ₹ 100 off (orders of ₹ 999 or more).
      coupon_code: 'DFH100',
    },
  },
];

const DEMO_MOVER: Mover = { kind: 'staff', vendorId: null, userId: null, label: 'Demo data', actor: SYSTEM_ACTOR };

export const seedOrders: DemoSeed = async (tx) => {
  // The demo customers (seedCustomers) place them: the customer list keeps its 300.
  const buyers = await tx
    .select({ name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.status, 'active'))
    .orderBy(asc(customers.id))
    .limit(DEMO_ORDERS.length);
  if (buyers.length < DEMO_ORDERS.length) throw new Error('Demo orders need the demo customers first');
  const [key] = await tx
    .insert(storefrontApiKeys)
    .values({ name: 'Demo data', prefix: 'sk_live_demo', keyHash: sha256(randomBytes(32).toString('hex')), scopes: ['write-orders'], revokedAt: new Date() })
    .returning({ id: storefrontApiKeys.id, name: storefrontApiKeys.name });
  const caller = { apiKeyId: key!.id, apiKeyName: key!.name, actor: SYSTEM_ACTOR };
  for (const [n, demo] of DEMO_ORDERS.entries()) {
    const buyer = buyers[n]!;
    const input: PlaceOrderInput = {
      ...demo.input,
      customer: buyer,
      shipping_address: { name: buyer.name, phone: buyer.phone, ...demo.input.shipping_address },
    };
    // An aged order's steps happen on their days (the money clock), one day apart.
    const placedAt = demo.ageDays === undefined ? undefined : new Date(Date.now() - demo.ageDays * 86_400_000);
    let step = 0;
    const onItsDay = <T>(fn: () => Promise<T>) => (placedAt ? atTime(new Date(placedAt.getTime() + step++ * 86_400_000), fn) : fn());
    const placed = await onItsDay(() => placeOrder(tx, caller, demo.key, input));
    const [{ totalPaise } = { totalPaise: 0 }] = await tx.select({ totalPaise: orders.totalPaise }).from(orders).where(eq(orders.id, placed.orderId));
    for (const [i, name] of (demo.gateway ?? []).entries()) {
      const paymentId = `pay_demo${String(n + 1).padStart(4, '0')}${i}`;
      const event = razorpayPaymentEvent(name, {
        paymentId,
        amountPaise: Number(totalPaise),
        orderNumber: placed.number,
        errorDescription: 'Card declined by the issuing bank',
      });
      await onItsDay(() => applyRazorpayEvent(tx, `evt_${paymentId}`, razorpayEventSchema.parse(event), SYSTEM_ACTOR));
    }
    for (const [prefix, moves] of Object.entries(demo.moves ?? {})) {
      const subs = await tx
        .select({ id: subOrders.id, vendorId: subOrders.vendorId, number: subOrders.number })
        .from(subOrders)
        .where(eq(subOrders.orderId, placed.orderId));
      // The sub-order holding this vendor's SKU: demo SKUs start with the vendor's code.
      const sku = demo.input.lines.find((l) => l.sku.startsWith(prefix))!.sku;
      const sub = subs.length === 1 ? subs[0]! : subs[demo.input.lines.findIndex((l) => l.sku === sku)]!;
      for (const move of moves) {
        let partnerId: number | undefined;
        if (move.partner) {
          const [p] = await tx.select({ id: deliveryPartners.id }).from(deliveryPartners).where(eq(deliveryPartners.name, move.partner)).limit(1);
          partnerId = p!.id;
        }
        await onItsDay(() =>
          moveSubOrder(tx, DEMO_MOVER, placed.orderId, sub.id, {
            action: move.action,
            ...(move.reason ? { reason: move.reason } : {}),
            ...(partnerId ? { delivery_partner_id: partnerId } : {}),
            ...(move.awb ? { awb: move.awb } : {}),
          }),
        );
      }
    }
  }
};
