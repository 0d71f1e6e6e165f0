/**
 * A storefront, as a program plays one: the storefront API with a key (docs/orders.md "The
 * storefront API") and Razorpay's webhook signed with the webhook secret (decision 042). Used by
 * `npm run storefront:simulate` (scripts/storefront-simulate.ts) and by the tests that place orders
 * as a storefront would (the crash test, the order journey in Chromium). Relative imports only: Node
 * runs it directly.
 */
import { randomUUID } from 'node:crypto';
import { razorpayPaymentEvent, razorpaySignature } from '../src/features/payments/razorpay.server.ts';

export interface StorefrontOptions {
  /** The back-office's address, e.g. http://localhost:4321 (a function: a test server may move). */
  baseUrl: string | (() => string);
  /** A storefront API key with both scopes (read-catalogue, write-orders). */
  key: string;
  /** The Razorpay webhook secret saved in Global settings (to play the gateway). */
  webhookSecret?: string;
}

export interface StorefrontAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; message?: string; errors?: Record<string, string[]>; meta?: { next_after: number | null } };
}

export interface StorefrontCustomer {
  name: string;
  email: string;
  phone: string;
}

export interface OrderRequest {
  customer: StorefrontCustomer;
  shipping_address: { name: string; phone: string; line1: string; pincode: string };
  lines: { sku: string; quantity: number }[];
  payment_method: 'cod' | 'prepaid';
}

export interface CatalogueSku {
  sku: string;
  available: number;
}

const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Saanvi', 'Vihaan', 'Ananya', 'Arjun', 'Meera'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Patel', 'Das', 'Menon', 'Rao', 'Singh'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** A customer with a made-up Indian name, phone and email. */
export function randomCustomer(): StorefrontCustomer {
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { name, email: `${name.toLowerCase().replace(' ', '.')}.${phone.slice(-4)}@example.com`, phone };
}

/** An order of `lines` by `customer`, delivered to a street of `pincode`. */
export function orderRequest(
  customer: StorefrontCustomer,
  lines: { sku: string; quantity: number }[],
  payment_method: 'cod' | 'prepaid',
  pincode = '560001',
  street = 'MG Road',
): OrderRequest {
  return {
    customer,
    shipping_address: { name: customer.name, phone: customer.phone, line1: `${1 + Math.floor(Math.random() * 200)} ${street}`, pincode },
    lines,
    payment_method,
  };
}

export function storefront(options: StorefrontOptions) {
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);

  /** One call of the storefront API with the key (no cookie, no CSRF: the key is the authentication). */
  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<StorefrontAnswer> {
    const response = await fetch(new URL(path, base()), {
      method,
      headers: {
        authorization: `Bearer ${options.key}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as StorefrontAnswer['body'];
    return { status: response.status, body: json };
  }

  return {
    api,

    /** Every SKU in stock (up to 2,000). */
    async catalogue(): Promise<CatalogueSku[]> {
      const skus: CatalogueSku[] = [];
      let after = 0;
      for (let page = 0; page < 20; page++) {
        const { status, body } = await api('GET', `/api/storefront/v1/products?after=${after}&limit=100`);
        if (status !== 200) throw new Error(`The catalogue answered ${status}: ${body.message ?? ''}`);
        for (const p of body.data as { variants: CatalogueSku[] }[])
          for (const v of p.variants) if (v.available > 0) skus.push({ sku: v.sku, available: v.available });
        const next = body.meta?.next_after;
        if (!next) break;
        after = next;
      }
      return skus;
    },

    /** Places an order; a retry with the same `idempotencyKey` answers the same order (200) and never makes a second. */
    placeOrder(order: OrderRequest, idempotencyKey: string = randomUUID()): Promise<StorefrontAnswer> {
      return api('POST', '/api/storefront/v1/orders', order, { 'idempotency-key': idempotencyKey });
    },

    order: (number: string) => api('GET', `/api/storefront/v1/orders/${encodeURIComponent(number)}`),
    cancel: (number: string, reason: string) => api('POST', `/api/storefront/v1/orders/${encodeURIComponent(number)}/cancel`, { reason }),
    requestReturn: (number: string, reason: string) => api('POST', `/api/storefront/v1/orders/${encodeURIComponent(number)}/return`, { reason }),

    /**
     * Razorpay captures (or fails) a prepaid order's payment: its webhook, signed with the secret.
     * Answers the HTTP status (200 when applied or already applied).
     */
    async pay(orderNumber: string, amountPaise: number, opts: { failed?: boolean; paymentId?: string; eventId?: string } = {}): Promise<number> {
      if (!options.webhookSecret) throw new Error('Playing the gateway needs the webhook secret.');
      const raw = JSON.stringify(
        razorpayPaymentEvent(opts.failed ? 'payment.failed' : 'payment.captured', {
          paymentId: opts.paymentId ?? `pay_sim${randomUUID().replace(/-/g, '').slice(0, 14)}`,
          amountPaise,
          orderNumber,
          errorDescription: 'Payment declined by the bank',
        }),
      );
      const response = await fetch(new URL('/api/webhooks/razorpay', base()), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': razorpaySignature(raw, options.webhookSecret),
          'x-razorpay-event-id': opts.eventId ?? `evt_sim${randomUUID()}`,
        },
        body: raw,
      });
      await response.arrayBuffer();
      return response.status;
    },
  };
}

export type Storefront = ReturnType<typeof storefront>;
