/**
 * Customer feedback (issue 17 §5) on the real built server: the storefront's review (verified
 * purchase, duplicates, photos), moderation one by one and in bulk, the vendor's one reply and
 * staff removing it, vendor isolation on the list, export and details, permission refusals, and
 * the storefront's product reviews showing only published ones with their average.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
let key: string;
let customerId: number;
let otherCustomerId: number;
let orderNumber: string;
/** Product ids of the two SKUs ordered: DFH's (the demo vendor account's store) and KVH's (another vendor). */
let dfhProduct: number;
let kvhProduct: number;

function storefront(method: string, path: string, json?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${key}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(path, app.server.url), { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

const review = (extra: Record<string, unknown>) =>
  storefront('POST', '/api/storefront/v1/reviews', { rating: 4, title: 'Lovely colour', text: 'Soft cotton, even print.', ...extra });

async function productIdOf(sku: string): Promise<number> {
  const { body } = await admin.getJson(`/api/products?${query({ q: sku, per_page: 10 })}`);
  return (body.data as ApiRecord[])[0]!.id;
}

async function partnerId(name: string): Promise<number> {
  const { body } = await admin.getJson(`/api/delivery-partners?${query({ per_page: 10, ...filter('name', 'equals', name) })}`);
  return (body.data as ApiRecord[])[0]!.id;
}

/** Takes every sub-order of the order to delivered, as staff. */
async function deliverAll(number: string) {
  const { body } = await admin.getJson(`/api/orders?${query({ q: number, per_page: 10 })}`);
  const orderId = (body.data as ApiRecord[])[0]!.order_id as number;
  const swift = await partnerId('Swift Express');
  const subs = ((await admin.getJson(`/api/orders/${orderId}`)).body.data.sub_orders as ApiRecord[]).map((s) => s.id);
  for (const [i, subId] of subs.entries()) {
    for (const step of [
      { action: 'confirm' },
      { action: 'pack' },
      { action: 'ship', delivery_partner_id: swift, awb: `SWXREV${Date.now()}${i}` },
      { action: 'deliver' },
    ]) {
      const sub = ((await admin.getJson(`/api/orders/${orderId}`)).body.data.sub_orders as ApiRecord[]).find((s) => s.id === subId)!;
      const moved = await admin.post(`/api/orders/${orderId}/sub-orders/${subId}/transitions`, { json: { ...step, version: sub.version } });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
  }
}

async function reviewsOf(as: HttpClient, params: Record<string, unknown> = {}) {
  const { status, body } = await as.getJson(`/api/reviews?${query({ per_page: 100, ...params })}`);
  expect(status).toBe(200);
  return body.data as ApiRecord[];
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Review shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  key = ((await created.json()) as { data: { secret: string } }).data.secret;
  const buyer = await storefront('POST', '/api/storefront/v1/customers', { name: 'Meera Iyer', email: 'meera.reviews@example.com', phone: '9876512345' });
  customerId = ((await buyer.json()) as { data: { id: number } }).data.id;
  const other = await storefront('POST', '/api/storefront/v1/customers', { name: 'Ravi Kumar', email: 'ravi.reviews@example.com', phone: '9876512346' });
  otherCustomerId = ((await other.json()) as { data: { id: number } }).data.id;
  const placed = await fetch(new URL('/api/storefront/v1/orders', app.server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `review-order-${Date.now()}` },
    body: JSON.stringify({
      customer: { name: 'Meera Iyer', email: 'meera.reviews@example.com', phone: '9876512345' },
      shipping_address: { name: 'Meera Iyer', phone: '9876512345', line1: '1 MG Road', pincode: '560001' },
      lines: [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      payment_method: 'cod',
    }),
  });
  expect(placed.status).toBe(201);
  orderNumber = ((await placed.json()) as { data: { number: string } }).data.number;
  dfhProduct = await productIdOf('DFH-KUR-001');
  kvhProduct = await productIdOf('KVH-SAR-001');
});

let dfhReview: number;
let photoUrl: string;
let kvhReview: number;

describe('writing a review through the storefront API', () => {
  it('refuses a review before the product is delivered, and from a customer who never bought it (422, clear message)', async () => {
    const early = await expectErrorShape(await review({ customer_id: customerId, product_id: dfhProduct }), 422);
    expect(early.errors?.product_id?.[0]).toMatch(/Only a customer who received .* can review it/);
    await deliverAll(orderNumber);
    const stranger = await expectErrorShape(await review({ customer_id: otherCustomerId, product_id: dfhProduct }), 422);
    expect(stranger.errors?.product_id?.[0]).toContain('no delivered order line');
    const wrongOrder = await expectErrorShape(await review({ customer_id: customerId, product_id: dfhProduct, order_number: 'OD-2026-999999' }), 422);
    expect(wrongOrder.errors?.product_id?.[0]).toContain('OD-2026-999999');
    await expectErrorShape(await review({ customer_id: customerId, product_id: dfhProduct, rating: 6 }), 422);
    await expectErrorShape(await review({ customer_id: 999999, product_id: dfhProduct }), 422);
  });

  it('takes a verified purchase with a photo (pending), and refuses a second one for the same line (409)', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const first = await review({ customer_id: customerId, product_id: dfhProduct, order_number: orderNumber, photos: [{ data: png.toString('base64') }] });
    expect(first.status, await first.clone().text()).toBe(201);
    const data = ((await first.json()) as { data: ApiRecord }).data;
    expect(data.status).toBe('pending');
    expect(data.reviewer).toBe('Meera I.');
    expect(data.photos).toHaveLength(1);
    photoUrl = data.photos[0].url as string;
    // Pending: the photo is not public yet, but staff who may see the review see it.
    expect((await fetch(new URL(photoUrl, app.server.url))).status).toBe(404);
    const photo = await admin.get(photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toContain('image/webp');
    dfhReview = data.id;
    const again = await expectErrorShape(await review({ customer_id: customerId, product_id: dfhProduct }), 409);
    expect(again.message).toContain('already reviewed');
    const notImage = await expectErrorShape(
      await review({ customer_id: customerId, product_id: kvhProduct, photos: [{ data: Buffer.from('hello, not an image').toString('base64') }] }),
      422,
    );
    expect(Object.keys(notImage.errors ?? {})).toEqual(['photos.0.data']);
    const second = await review({ customer_id: customerId, product_id: kvhProduct, rating: 2, title: 'Colour differs', text: 'Darker than the photo.' });
    expect(second.status).toBe(201);
    kvhReview = ((await second.json()) as { data: ApiRecord }).data.id;
  });

  it('shows only published reviews to the storefront, with the average and count', async () => {
    const before = await storefront('GET', `/api/storefront/v1/products/${dfhProduct}/reviews`);
    const body = (await before.json()) as { data: ApiRecord[]; meta: ApiRecord };
    expect(body.data.map((r) => r.id)).not.toContain(dfhReview);
    const published = await admin.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'published' } });
    expect(published.status).toBe(200);
    const after = (await (await storefront('GET', `/api/storefront/v1/products/${dfhProduct}/reviews`)).json()) as { data: ApiRecord[]; meta: ApiRecord };
    expect(after.data.map((r) => r.id)).toContain(dfhReview);
    expect(after.meta.count).toBe((body.meta.count as number) + 1);
    expect(after.meta.average_rating).toEqual(expect.any(Number));
    // Published: its photo is public.
    expect((await fetch(new URL(photoUrl, app.server.url))).status).toBe(200);
    expect(JSON.stringify(after)).not.toContain('Iyer');
    await expectErrorShape(await storefront('GET', `/api/storefront/v1/products/${dfhProduct}/reviews?per_page=500`), 422);
  });
});

describe('moderation', () => {
  it('publishes and rejects one review with a reason, refusing a move to the status it has and a rejection without a reason', async () => {
    const again = await expectErrorShape(await admin.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'published' } }), 409);
    expect(again.message).toContain('already published');
    const noReason = await expectErrorShape(await admin.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'rejected' } }), 422);
    expect(noReason.errors?.reason).toBeDefined();
    const rejected = await admin.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'rejected', reason: 'Mentions a phone number.' } });
    expect(rejected.status).toBe(200);
    const d = (await admin.getJson(`/api/reviews/${dfhReview}`)).body.data as ApiRecord;
    expect(d.status).toBe('rejected');
    expect(d.rejection_reason).toBe('Mentions a phone number.');
    expect((d.history as ApiRecord[]).map((h) => h.action)).toEqual(['submitted', 'publish', 'reject']);
    expect(d.order_number).toBe(orderNumber);
    // The activity log has it.
    const log = await admin.getJson(`/api/activity-logs?${query({ per_page: 10, ...filter('area', 'equals', 'reviews') })}`);
    expect(JSON.stringify(log.body)).toContain('rejected');
  });

  it('moderates in bulk: rejecting needs a reason, and what already has the status is named, not changed', async () => {
    await expectErrorShape(await admin.post('/api/reviews/bulk-status', { json: { ids: [dfhReview, kvhReview], status: 'rejected' } }), 422);
    const published = await admin.post('/api/reviews/bulk-status', { json: { ids: [dfhReview, kvhReview], status: 'published' } });
    expect(published.status).toBe(200);
    expect(((await published.json()) as { count: number }).count).toBe(2);
    const none = await expectErrorShape(await admin.post('/api/reviews/bulk-status', { json: { ids: [dfhReview, kvhReview], status: 'published' } }), 409);
    expect(none.message).toContain('already published');
    const byFilter = await admin.post('/api/reviews/bulk-status', {
      json: { filter: { filters: filter('id', 'in', [kvhReview]).filters }, status: 'rejected', reason: 'Not about the product.' },
    });
    expect(byFilter.status, await byFilter.clone().text()).toBe(200);
    expect((await admin.getJson(`/api/reviews/${kvhReview}`)).body.data.status).toBe('rejected');
    expect((await admin.getJson(`/api/reviews/${dfhReview}`)).body.data.status).toBe('published');
  });
});

describe('the vendor’s reply', () => {
  it('is written and edited by the owning vendor only; staff may remove it with a reason', async () => {
    const first = await vendor.put(`/api/reviews/${dfhReview}/reply`, { json: { text: 'Thank you, Meera!' } });
    expect(first.status, await first.clone().text()).toBe(200);
    const edited = await vendor.put(`/api/reviews/${dfhReview}/reply`, { json: { text: 'Thank you, Meera! Glad it fits.' } });
    expect(edited.status).toBe(200);
    const d = (await vendor.getJson(`/api/reviews/${dfhReview}`)).body.data as ApiRecord;
    expect(d.reply.text).toBe('Thank you, Meera! Glad it fits.');
    // Another vendor's review: not found for this vendor; staff don't reply for a vendor; support lacks the permission.
    await expectErrorShape(await vendor.put(`/api/reviews/${kvhReview}/reply`, { json: { text: 'Hi' } }), 404);
    await expectErrorShape(await admin.put(`/api/reviews/${dfhReview}/reply`, { json: { text: 'From staff' } }), 403);
    await expectErrorShape(await support.put(`/api/reviews/${dfhReview}/reply`, { json: { text: 'From support' } }), 403);
    await expectErrorShape(await vendor.put(`/api/reviews/${dfhReview}/reply`, { json: { text: '   ' } }), 422);
    // The storefront shows the reply under the published review.
    const shown = (await (await storefront('GET', `/api/storefront/v1/products/${dfhProduct}/reviews`)).json()) as { data: ApiRecord[] };
    expect(shown.data.find((r) => r.id === dfhReview)!.reply.text).toBe('Thank you, Meera! Glad it fits.');
    // The vendor can't remove replies (a moderation step); staff can, with a reason kept in the history.
    await expectErrorShape(await vendor.delete(`/api/reviews/${dfhReview}/reply`, { json: { reason: 'x' } }), 403);
    await expectErrorShape(await admin.delete(`/api/reviews/${dfhReview}/reply`, { json: {} }), 422);
    const removed = await admin.delete(`/api/reviews/${dfhReview}/reply`, { json: { reason: 'Insults the customer.' } });
    expect(removed.status).toBe(200);
    const after = (await admin.getJson(`/api/reviews/${dfhReview}`)).body.data as ApiRecord;
    expect(after.reply).toBeNull();
    expect((after.history as ApiRecord[]).at(-1)).toMatchObject({ action: 'reply-removed', note: 'Insults the customer.' });
    await expectErrorShape(await admin.delete(`/api/reviews/${dfhReview}/reply`, { json: { reason: 'again' } }), 409);
  });
});

describe('who sees what', () => {
  it('gives a vendor only reviews of their own products, on the list, the export and the details, with customers’ names shortened', async () => {
    const all = await reviewsOf(admin);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([dfhReview, kvhReview]));
    expect(all.find((r) => r.id === dfhReview)!.customer_name).toBe('Meera Iyer');
    const own = await reviewsOf(vendor);
    expect(own.map((r) => r.id)).toContain(dfhReview);
    expect(own.map((r) => r.id)).not.toContain(kvhReview);
    expect(new Set(own.map((r) => r.vendor_id)).size).toBe(1);
    expect(own.find((r) => r.id === dfhReview)!.customer_name).toBe('Meera I.');
    expect(JSON.stringify(own)).not.toContain('Iyer');
    await expectErrorShape(await vendor.get(`/api/reviews/${kvhReview}`), 404);
    expect((await vendor.get(`/reviews/${kvhReview}/details`)).status).toBe(404);
    const csv = await (await vendor.get(`/api/reviews/export`)).text();
    expect(csv).toContain('Lovely colour');
    expect(csv).not.toContain('Colour differs');
    expect(csv).not.toContain('Iyer');
    const adminCsv = await (await admin.get(`/api/reviews/export?${query({ ...filter('status', 'equals', 'rejected') })}`)).text();
    expect(adminCsv).toContain('Colour differs');
    expect(adminCsv).not.toContain('Lovely colour');
  });

  it('filters by status, rating, vendor and product, and searches the text', async () => {
    expect((await reviewsOf(admin, filter('rating', 'lte', 2))).map((r) => r.id)).toContain(kvhReview);
    expect((await reviewsOf(admin, filter('rating', 'lte', 2))).map((r) => r.id)).not.toContain(dfhReview);
    expect((await reviewsOf(admin, filter('product_id', 'equals', dfhProduct))).every((r) => r.product_id === dfhProduct)).toBe(true);
    expect((await reviewsOf(admin, { q: 'Darker than' })).map((r) => r.id)).toEqual([kvhReview]);
    await expectErrorShape(await admin.get(`/api/reviews?${query(filter('nonsense', 'equals', 1))}`), 422);
  });

  it('refuses what a role may not do', async () => {
    // Support reads the list (reviews:list) but neither moderates nor removes replies.
    expect((await support.get('/api/reviews')).status).toBe(200);
    await expectErrorShape(await support.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'rejected', reason: 'x' } }), 403);
    await expectErrorShape(await support.post('/api/reviews/bulk-status', { json: { ids: [dfhReview], status: 'published' } }), 403);
    await expectErrorShape(await support.delete(`/api/reviews/${dfhReview}/reply`, { json: { reason: 'x' } }), 403);
    // A vendor doesn't moderate, not even their own products' reviews.
    await expectErrorShape(await vendor.post(`/api/reviews/${dfhReview}/moderate`, { json: { status: 'rejected', reason: 'x' } }), 403);
    // The storefront routes never take a back-office session; a read-only key can't write.
    await expectErrorShape(
      await admin.post('/api/storefront/v1/reviews', {
        json: { customer_id: customerId, product_id: dfhProduct, rating: 5, title: 't', text: 't' },
        headers: { authorization: `Bearer ${key}` },
      }),
      403,
    );
    const guest = app.client();
    expect((await guest.get('/api/reviews')).status).toBe(401);
  });

  it('renders the list, the details and the product page with its published reviews', async () => {
    const list = await admin.get('/reviews/listing');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Customer Feedback');
    // Moderators see how many wait (the demo's pending review); support, who can't moderate, doesn't.
    expect(html).toMatch(/data-menu-badge="reviews-pending"[^>]*>\d+/);
    expect(await (await support.get('/reviews/listing')).text()).not.toContain('reviews-pending');
    const details = await (await admin.get(`/reviews/${dfhReview}/details`)).text();
    expect(details).toContain('Soft cotton, even print.');
    expect(details).toContain(orderNumber);
    expect(details).toContain('Reply removed');
    const product = await (await admin.get(`/products/${dfhProduct}/details`)).text();
    expect(product).toContain('Lovely colour');
    expect(product).toMatch(/\d\.\d out of 5 \(\d+ reviews?\)/);
    expect(product).not.toContain('Colour differs');
  });
});
