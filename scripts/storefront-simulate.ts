/**
 * `npm run storefront:simulate -- --key sk_live_… --webhook-secret … [--base-url http://localhost:4321]
 * [--rate 2] [--seconds 60] [--cod 0.4] [--cancel 0.1] [--fail 0.1]`
 *
 * Plays a storefront against a running server, through the storefront API only (docs/orders.md):
 * customers browse the catalogue and check availability, are upserted, and place orders (a mix of
 * cash on delivery and prepaid) with an Idempotency-Key; for a prepaid order the script plays
 * Razorpay too, sending a correctly signed `payment.captured` webhook (or `payment.failed`, at the
 * --fail rate). Some customers cancel (--cancel) and some ask to return a delivered parcel (any
 * order of this run, or an earlier one, that staff have delivered meanwhile). Orders start at
 * --rate a second for --seconds. Flags fall back to STOREFRONT_BASE_URL, STOREFRONT_KEY and
 * RAZORPAY_WEBHOOK_SECRET. The demo data places its orders through the same placing code; the calls
 * themselves are scripts/storefront-client.ts (the tests play a storefront with it too).
 */
import { parseArgs } from 'node:util';
import { orderRequest, randomCustomer, storefront, type CatalogueSku } from './storefront-client.ts';

const { values: flags } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    key: { type: 'string' },
    'webhook-secret': { type: 'string' },
    rate: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '30' },
    cod: { type: 'string', default: '0.4' },
    cancel: { type: 'string', default: '0.1' },
    fail: { type: 'string', default: '0.1' },
    help: { type: 'boolean', default: false },
  },
});

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'Usage: npm run storefront:simulate -- --key sk_live_… --webhook-secret <Razorpay webhook secret> [--base-url http://localhost:4321] [--rate 1] [--seconds 30] [--cod 0.4] [--cancel 0.1] [--fail 0.1]',
  );
  process.exit(message ? 2 : 0);
}
if (flags.help) usage();

const baseUrl = flags['base-url'] ?? process.env.STOREFRONT_BASE_URL ?? 'http://localhost:4321';
const key = flags.key ?? process.env.STOREFRONT_KEY;
const webhookSecret = flags['webhook-secret'] ?? process.env.RAZORPAY_WEBHOOK_SECRET;
const rate = Number(flags.rate);
const seconds = Number(flags.seconds);
const share = (name: 'cod' | 'cancel' | 'fail') => {
  const v = Number(flags[name]);
  if (!(v >= 0 && v <= 1)) usage(`--${name} is a share between 0 and 1.`);
  return v;
};
const codShare = share('cod');
const cancelShare = share('cancel');
const failShare = share('fail');
if (!key) usage('Give a storefront API key with both scopes (--key or STOREFRONT_KEY): Global settings → Storefront API keys.');
if (!webhookSecret) usage('Give the Razorpay webhook secret saved in Global settings (--webhook-secret or RAZORPAY_WEBHOOK_SECRET).');
if (!(rate > 0 && rate <= 500)) usage('--rate is orders a second, more than 0 and at most 500.');
if (!(seconds > 0 && seconds <= 86_400)) usage('--seconds is more than 0 and at most 86400.');

/** Where the simulated customers live: Bengaluru takes cash on delivery, Chennai prepaid only. */
const PLACES = [
  { pincode: '560001', cod: true, line1: 'MG Road' },
  { pincode: '600002', cod: false, line1: 'Anna Salai' },
];

const counts: Record<string, number> = {};
const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

const shop = storefront({ baseUrl, key, webhookSecret });

/** Razorpay, as the script plays it: the event signed with the webhook secret. */
async function gateway(orderNumber: string, amountPaise: number, failed: boolean) {
  const status = await shop.pay(orderNumber, amountPaise, { failed });
  count(status === 200 ? (failed ? 'payments failed' : 'payments captured') : `webhook ${status}`);
}

const placed: string[] = [];

async function oneCustomer(skus: CatalogueSku[]) {
  const place = pick(PLACES);
  const customer = randomCustomer();
  const lines = Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => ({ sku: pick(skus).sku, quantity: 1 }));
  const unique = [...new Map(lines.map((l) => [l.sku, l])).values()];
  await shop.api('GET', `/api/storefront/v1/availability?sku=${encodeURIComponent(unique[0]!.sku)}&pincode=${place.pincode}`);
  await shop.api('POST', '/api/storefront/v1/customers', customer);
  const method = place.cod && Math.random() < codShare ? 'cod' : 'prepaid';
  const order = await shop.placeOrder(orderRequest(customer, unique, method, place.pincode, place.line1));
  if (order.status !== 201) {
    count(`orders refused (${order.status})`);
    return;
  }
  count(`orders placed (${method})`);
  const number = order.body.data.number as string;
  placed.push(number);
  if (method === 'prepaid') await gateway(number, order.body.data.total_paise as number, Math.random() < failShare);
  if (Math.random() < cancelShare) {
    const cancelled = await shop.cancel(number, 'Ordered by mistake');
    count(cancelled.status === 200 ? 'cancelled' : `cancel refused (${cancelled.status})`);
  }
}

/** A customer asks to return a delivered parcel: any order placed so far that staff have delivered. */
async function maybeReturn() {
  if (!placed.length || Math.random() > 0.2) return;
  const number = pick(placed);
  const { body } = await shop.order(number);
  if (!(body.data?.sub_orders as { status: string }[] | undefined)?.some((s) => s.status === 'delivered')) return;
  const r = await shop.requestReturn(number, 'Did not fit');
  count(r.status === 200 ? 'returns requested' : `return refused (${r.status})`);
}

const skus = await shop.catalogue();
if (!skus.length) usage('The catalogue has nothing in stock to order.');
console.log(`Simulating a storefront on ${baseUrl}: ${rate} order(s) a second for ${seconds} s over ${skus.length} SKUs in stock.`);
const started = Date.now();
const running = new Set<Promise<void>>();
let due = 0;
while (Date.now() - started < seconds * 1000) {
  const target = Math.floor(((Date.now() - started) / 1000) * rate) + 1;
  for (; due < target; due++) {
    const p = oneCustomer(skus)
      .then(maybeReturn)
      .catch((e: unknown) => void count(`errors (${(e as Error).message.slice(0, 60)})`))
      .finally(() => running.delete(p));
    running.add(p);
  }
  await new Promise((r) => setTimeout(r, Math.max(5, Math.min(250, 1000 / rate))));
}
await Promise.all(running);
console.log(
  Object.entries(counts)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n'),
);
