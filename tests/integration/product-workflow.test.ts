/**
 * The product status workflow over real HTTP against the built server (docs/products.md "Status
 * and review"): every move of POST /api/products/:id/{action} and each refusal — a stale version,
 * a move the status doesn't allow, no sellable variant, a missing reason, a suspended store, the
 * wrong role, another vendor's product — with the status events, activity entries, notifications
 * and mail each move leaves; the details page's buttons posting without JavaScript; the review
 * queue's sidebar badge; and the "Review product changes" global setting.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();

let admin: HttpClient;
let vendor: HttpClient; // vendor@example.com, the active "fashion" store
let support: HttpClient; // staff without any products permission
let fashionVendorId = 0;
let kaveriProductId = 0; // another vendor's product
let pendingDemoId = 0; // the demo product waiting for review
let sellableId = 0; // a draft of the fashion store with one priced variant
let emptyId = 0; // a draft with no variant
let zeroPriceId = 0; // a draft whose only variant has no price

async function version(id: number, client: HttpClient = admin): Promise<number> {
  const page = await client.get(`/products/${id}/details`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const match = html.match(/name="version" value="(\d+)"/);
  if (match) return Number(match[1]);
  // A viewer without buttons: read it from the database's answer through the API's 409 instead.
  throw new Error(`no version on the details page of product ${id}`);
}

const move = (client: HttpClient, id: number, action: string, body: Record<string, unknown>) => client.post(`/api/products/${id}/${action}`, { json: body });

async function moveOk(client: HttpClient, id: number, action: string, extra: Record<string, unknown> = {}) {
  const response = await move(client, id, action, { version: await version(id, client), ...extra });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text).data as { id: number; status: string; version: number; rejection_reason: string | null };
}

function mailsTo(email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir)
      .filter((f) => f.includes('-mail-') && f.includes(email))
      // Quoted-printable bodies break long lines with a trailing "=": join them to read the text.
      .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
  );
}

beforeAll(async () => {
  await app.server.withDatabase(async (q) => {
    const [fashion] = await q(`select vendor_id from users where email = 'vendor@example.com'`);
    fashionVendorId = Number(fashion!.vendor_id);
    const [kaveri] = await q(`select product_id from product_variants where sku = 'KVH-SAR-001'`);
    kaveriProductId = Number(kaveri!.product_id);
    const [pending] = await q(`select product_id from product_variants where sku = 'DFH-DUP-003'`);
    pendingDemoId = Number(pending!.product_id);
    const draft = async (name: string, variant: { sku: string; paise: number } | null) => {
      const [p] = await q(`insert into products (vendor_id, name, slug) values ($1, $2, $3) returning id`, [
        fashionVendorId,
        name,
        name.toLowerCase().replace(/\W+/g, '-'),
      ]);
      if (variant) {
        await q(`insert into product_variants (product_id, vendor_id, sku, mrp_paise, price_paise) values ($1, $2, $3, $4, $4)`, [
          p!.id,
          fashionVendorId,
          variant.sku,
          variant.paise,
        ]);
      }
      return Number(p!.id);
    };
    sellableId = await draft('Block Print Stole', { sku: 'WF-STOLE-1', paise: 59900 });
    emptyId = await draft('Empty Draft', null);
    zeroPriceId = await draft('Free Sample', { sku: 'WF-FREE-1', paise: 0 });
  });
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
}, 240_000);

describe('a vendor submits, a reviewer decides', () => {
  it('submits a draft with a priced variant: pending review', async () => {
    const after = await moveOk(vendor, sellableId, 'submit');
    expect(after).toMatchObject({ id: sellableId, status: 'pending_review' });
  });

  it('refuses to submit twice: 409 naming why', async () => {
    const body = await expectErrorShape(await move(vendor, sellableId, 'submit', { version: await version(sellableId, vendor) }), 409);
    expect(body.message).toMatch(/already waiting for review/);
  });

  it('refuses a submission with nothing to sell: no variant, or only a variant without a price', async () => {
    for (const id of [emptyId, zeroPriceId]) {
      const body = await expectErrorShape(await move(vendor, id, 'submit', { version: 1 }), 409);
      expect(body.message).toMatch(/at least one active variant with a price/);
    }
  });

  it('refuses a stale version: 409, and nothing changes', async () => {
    const current = await version(sellableId);
    const body = await expectErrorShape(await move(admin, sellableId, 'approve', { version: current - 1 }), 409);
    expect(body.message).toMatch(/changed this product after you loaded it/);
    expect(await version(sellableId)).toBe(current);
  });

  it('refuses a version no record can have, and a missing one: 422', async () => {
    await expectErrorShape(await move(admin, sellableId, 'approve', { version: 2 ** 31 }), 422);
    const body = await expectErrorShape(await move(admin, sellableId, 'approve', {}), 422);
    expect(Object.keys(body.errors ?? {})).toContain('version');
  });

  it('refuses a rejection without a reason: 422 on the reason field', async () => {
    const body = await expectErrorShape(await move(admin, sellableId, 'reject', { version: await version(sellableId), reason: '   ' }), 422);
    expect(body.errors?.reason?.[0]).toMatch(/reason/i);
  });

  it('refuses the vendor’s own approval (403) and staff without the permission (403)', async () => {
    await expectErrorShape(await move(vendor, sellableId, 'approve', { version: await version(sellableId, vendor) }), 403);
    await expectErrorShape(await move(support, sellableId, 'approve', { version: 1 }), 403);
    await expectErrorShape(await move(support, sellableId, 'archive', { version: 1 }), 403);
  });

  it('rejects with a reason; the vendor is told by notification and mail', async () => {
    const after = await moveOk(admin, sellableId, 'reject', { reason: 'The photos show a different colour.' });
    expect(after).toMatchObject({ status: 'rejected', rejection_reason: 'The photos show a different colour.' });
    // Mailed after the commit by the mail worker (the vendor's preferences mail "Your products" by default).
    const findMail = () => mailsTo('vendor@example.com').find((m) => m.includes('Block Print Stole') && m.includes('not approved'));
    await expect.poll(findMail, { timeout: 15_000 }).toBeDefined();
    const mail = findMail();
    expect(mail).toContain('The photos show a different colour.');
    expect(mail).toContain(`/products/${sellableId}/details`);
    const details = await (await vendor.get(`/products/${sellableId}/details`)).text();
    expect(details).toContain('The photos show a different colour.');
    expect(details).toContain('Resubmit for review');
  });

  it('resubmits a rejected product, and the reason is cleared', async () => {
    const after = await moveOk(vendor, sellableId, 'submit');
    expect(after).toMatchObject({ status: 'pending_review', rejection_reason: null });
  });

  it('approves: active, and the vendor is told', async () => {
    const after = await moveOk(admin, sellableId, 'approve');
    expect(after.status).toBe('active');
    await expect
      .poll(() => mailsTo('vendor@example.com').some((m) => m.includes('Block Print Stole') && m.includes('is approved')), { timeout: 15_000 })
      .toBe(true);
  });

  it('the vendor deactivates and activates their product; activating an active one is refused', async () => {
    expect((await moveOk(vendor, sellableId, 'deactivate')).status).toBe('inactive');
    expect((await moveOk(vendor, sellableId, 'activate')).status).toBe('active');
    const body = await expectErrorShape(await move(vendor, sellableId, 'activate', { version: await version(sellableId, vendor) }), 409);
    expect(body.message).toMatch(/already active/);
  });

  it('archives and restores as a draft; archiving twice is refused', async () => {
    expect((await moveOk(vendor, sellableId, 'archive')).status).toBe('archived');
    await expectErrorShape(await move(vendor, sellableId, 'archive', { version: await version(sellableId, vendor) }), 409);
    expect((await moveOk(vendor, sellableId, 'restore')).status).toBe('draft');
  });

  it('a draft can’t be approved or activated: 409', async () => {
    const v = await version(sellableId);
    expect((await expectErrorShape(await move(admin, sellableId, 'approve', { version: v }), 409)).message).toMatch(/Only a product waiting for review/);
    expect((await expectErrorShape(await move(admin, sellableId, 'activate', { version: v }), 409)).message).toMatch(/Only an inactive product/);
  });
});

describe('vendor isolation', () => {
  it('another vendor’s product is not found, for every move and its details page', async () => {
    for (const action of ['submit', 'activate', 'deactivate', 'archive', 'restore']) {
      await expectErrorShape(await move(vendor, kaveriProductId, action, { version: 1 }), 404);
    }
    expect((await vendor.get(`/products/${kaveriProductId}/details`)).status).toBe(404);
    expect((await admin.get(`/products/${kaveriProductId}/details`)).status).toBe(200);
  });

  it('an unknown product is 404; an id no record can have is 404', async () => {
    await expectErrorShape(await move(admin, 999_999, 'approve', { version: 1 }), 404);
    await expectErrorShape(await move(admin, 0, 'approve', { version: 1 }), 404);
  });
});

describe('a suspended store', () => {
  it('can’t submit or activate (409 with the reason), and can again once reinstated', async () => {
    // An active product to try activating: approve the demo product waiting for review, then take it off sale.
    await moveOk(admin, pendingDemoId, 'approve');
    await moveOk(vendor, pendingDemoId, 'deactivate');
    const suspend = await admin.post(`/api/vendors/${fashionVendorId}/status`, { json: { action: 'suspend', reason: 'Unpaid fees.' } });
    expect(suspend.status, await suspend.clone().text()).toBe(200);
    try {
      const submit = await expectErrorShape(await move(vendor, sellableId, 'submit', { version: await version(sellableId, vendor) }), 409);
      expect(submit.message).toMatch(/store is suspended/);
      const activate = await expectErrorShape(await move(vendor, pendingDemoId, 'activate', { version: await version(pendingDemoId, vendor) }), 409);
      expect(activate.message).toMatch(/store is suspended/);
      // Staff acting for the vendor are refused the same way: the store's standing decides.
      await expectErrorShape(await move(admin, sellableId, 'submit', { version: await version(sellableId) }), 409);
    } finally {
      const reinstate = await admin.post(`/api/vendors/${fashionVendorId}/status`, { json: { action: 'reinstate' } });
      expect(reinstate.status).toBe(200);
    }
    expect((await moveOk(vendor, pendingDemoId, 'activate')).status).toBe('active');
  });
});

describe('the details page', () => {
  it('shows the reviewer Approve and Reject, and the vendor Submit, never the other’s buttons', async () => {
    await moveOk(vendor, sellableId, 'submit');
    const staffPage = await (await admin.get(`/products/${sellableId}/details`)).text();
    expect(staffPage).toContain('>Approve<');
    expect(staffPage).toContain('Reject…');
    const vendorPage = await (await vendor.get(`/products/${sellableId}/details`)).text();
    expect(vendorPage).not.toContain('>Approve<');
    expect(vendorPage).toContain('Archive');
  });

  it('shows the cost price to the vendor only', async () => {
    expect(await (await vendor.get(`/products/${sellableId}/details`)).text()).toContain('>Cost<');
    expect(await (await admin.get(`/products/${sellableId}/details`)).text()).not.toContain('>Cost<');
  });

  it('rejects through the page’s own form: without a reason it says so (422), with one it redirects', async () => {
    const v = await version(sellableId);
    const refused = await admin.post(`/products/${sellableId}/details`, { form: { action: 'reject', version: String(v), reason: '' } });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/Give a reason/);
    const done = await admin.post(`/products/${sellableId}/details`, { form: { action: 'reject', version: String(v), reason: 'Wrong category.' } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/products/${sellableId}/details?done=reject`);
  });

  it('refuses a reviewer’s move posted by the vendor: 403', async () => {
    const response = await vendor.post(`/products/${sellableId}/details`, { form: { action: 'approve', version: String(await version(sellableId, vendor)) } });
    expect(response.status).toBe(403);
  });
});

describe('the review queue', () => {
  it('counts products waiting for review on the sidebar badge, for holders of products:approve only', async () => {
    const before = await (await admin.get('/dashboard')).text();
    const count = (html: string) => Number(html.match(/id="menu-badge-products"[^>]*>\s*(\d+)/)?.[1] ?? 0);
    const n = count(before);
    await moveOk(vendor, sellableId, 'submit');
    expect(count(await (await admin.get('/dashboard')).text())).toBe(n + 1);
    expect(await (await vendor.get('/dashboard')).text()).not.toContain('id="menu-badge-products"');
  });
});

describe('the “Review product changes” setting', () => {
  it('is off by default, and saved like every global setting', async () => {
    const { body } = await admin.getJson('/api/global-settings');
    expect(body.data.review_product_changes).toBe(false);
    const {
      version: v,
      id: _id,
      updated_at: _u,
      twilio_auth_token_set: _t,
      smtp_password_set: _s,
      razorpay_webhook_secret_set: _w,
      razorpay_key_secret_set: _k,
      ...values
    } = body.data;
    const saved = await admin.put('/api/global-settings', { json: { ...values, version: v, review_product_changes: true } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await admin.getJson('/api/global-settings')).body.data.review_product_changes).toBe(true);
  });

  it('refuses a value that is not yes or no: 422', async () => {
    const { body } = await admin.getJson('/api/global-settings');
    const {
      version: v,
      id: _id,
      updated_at: _u,
      twilio_auth_token_set: _t,
      smtp_password_set: _s,
      razorpay_webhook_secret_set: _w,
      razorpay_key_secret_set: _k,
      ...values
    } = body.data;
    const refused = await expectErrorShape(await admin.put('/api/global-settings', { json: { ...values, version: v, review_product_changes: 'maybe' } }), 422);
    expect(Object.keys(refused.errors ?? {})).toContain('review_product_changes');
  });
});

describe('what each move leaves behind', () => {
  it('a status event, an activity entry and the notifications, in the database', async () => {
    const rows = await app.server.withDatabase(async (q) => ({
      events: await q(`select from_status, to_status, reason, actor_user_id from product_status_events where product_id = $1 order by id`, [sellableId]),
      activity: await q(`select action, changes from activity_logs where area = 'products' and record_id = $1 order by id`, [String(sellableId)]),
      notices: await q(
        `select n.type from notifications n join users u on u.id = n.user_id where u.email = 'vendor@example.com' and n.link = $1 order by n.id`,
        [`/products/${sellableId}/details`],
      ),
      reviewers: await q(`select count(*)::int as n from notifications where type = 'product.pending' and link = $1`, [`/products/${sellableId}/details`]),
    }));
    expect(rows.events.map((e) => `${e.from_status}>${e.to_status}`)).toEqual([
      'draft>pending_review',
      'pending_review>rejected',
      'rejected>pending_review',
      'pending_review>active',
      'active>inactive',
      'inactive>active',
      'active>archived',
      'archived>draft',
      'draft>pending_review',
      'pending_review>rejected',
      'rejected>pending_review',
    ]);
    expect(rows.events[1]).toMatchObject({ reason: 'The photos show a different colour.' });
    expect(rows.events.every((e) => e.actor_user_id !== null)).toBe(true);
    expect(rows.activity.map((a) => a.action)).toEqual([
      'submit',
      'reject',
      'submit',
      'approve',
      'deactivate',
      'activate',
      'archive',
      'restore',
      'submit',
      'reject',
      'submit',
    ]);
    expect(rows.activity[1]!.changes).toEqual({ status: ['pending_review', 'rejected'], reason: [null, 'The photos show a different colour.'] });
    expect(rows.notices.map((n) => n.type)).toEqual(['product.reject', 'product.approve', 'product.reject']);
    expect(Number(rows.reviewers[0]!.n)).toBeGreaterThanOrEqual(4);
  });
});
