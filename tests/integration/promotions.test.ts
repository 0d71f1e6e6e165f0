/**
 * Promotions (issue 18 §5–6) over real HTTP against the built server: the list contract with money
 * in paise, add/edit/delete with the scope's records and the activity log, validation (422, nothing
 * written), and who may do what — the menu's `rbac:list` beside the promotions permission of each
 * action, `promotions:create` to add, vendors never. Then the promotions a cart gets at placing
 * (src/app/money/promotions-at-placing.server.ts) against a real database with the real migrations:
 * priority, windows, status and the coupon-stacking flag.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useServer } from '../helpers/vitest-server.ts';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { DEMO_CREDENTIALS, type HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, filter, type ApiRecord } from '../helpers/area-api.ts';
import { vendors } from '../../src/lib/db/schema.ts';
import { categories } from '../../src/features/categories/category.tables.ts';
import { promotions, promotionTargets } from '../../src/features/promotions/promotions.tables.ts';
import { promotionsForCart } from '../../src/app/money/promotions-at-placing.server.ts';
import type { CartForDiscounts } from '../../src/lib/money/discounts.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let viewer: HttpClient;
let rolesOnly: HttpClient;
const api = areaApi('promotions', () => admin);
const html = { headers: { accept: 'text/html' } };

async function signIn(email: string): Promise<HttpClient> {
  const client = app.client();
  await client.login({ email, password: DEMO_CREDENTIALS.support.password });
  return client;
}

let jewellery: number;
let clothing: number;

beforeAll(async () => {
  // Two staff users with the support account's password: one sees promotions and roles but can't
  // add promotions; one sees roles only (the spec's menu permission, without promotions:list).
  await app.server.withDatabase(async (query) => {
    for (const [role, email, grants] of [
      ['Promotion viewers', 'promo.viewer@example.com', ['rbac:list', 'promotions:list', 'dashboard:view']],
      ['Role readers', 'roles.reader@example.com', ['rbac:list', 'dashboard:view']],
    ] as const) {
      const [r] = await query(`insert into roles (name, description) values ($1, $1) returning id`, [role]);
      await query(`insert into role_permissions (role_id, permission_id) select $1, id from permissions where name = any($2)`, [r!.id, grants]);
      const [u] = await query(
        `insert into users (name, email, password_hash, user_type) select $1, $2, password_hash, 'staff' from users where email = 'support@example.com' returning id`,
        [role, email],
      );
      await query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [u!.id, r!.id]);
    }
  });
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  viewer = await signIn('promo.viewer@example.com');
  rolesOnly = await signIn('roles.reader@example.com');
  const options = async (q: string) => (await admin.getJson<{ data: { value: number; label: string }[] }>(`/api/categories/options?q=${q}`)).body.data;
  jewellery = (await options('Jewellery')).find((o) => o.label === 'Jewellery')!.value;
  clothing = (await options('Clothing')).find((o) => o.label === 'Clothing')!.value;
}, 240_000);

describe('/api/promotions: add, list, edit, delete', () => {
  it('adds a percentage off some categories, in paise and basis points, with its categories and an activity entry', async () => {
    const created = await api.create({
      name: 'Monsoon 12.5 % off Jewellery',
      kind: 'percent_off',
      rate_percent: '12.5',
      max_discount: '750.00',
      scope: 'categories',
      category_ids: JSON.stringify([jewellery]),
      min_order: '1,499.00',
      starts_at: '2026-07-01T00:00',
      ends_at: '2026-07-31T23:59',
      priority: '30',
      stacks_with_coupons: 'false',
      status: 'active',
    });
    expect(created).toMatchObject({
      kind: 'percent_off',
      rate_bp: 1250,
      max_discount_paise: 75_000,
      min_order_paise: 149_900,
      scope: 'categories',
      target_count: 1,
      priority: 30,
      stacks_with_coupons: false,
      funded_by: 'platform',
      offer: '12.5 % off, up to ₹ 750.00',
      // India time as typed: 1 July 00:00 IST.
      starts_at: '2026-06-30T18:30:00.000Z',
    });
    expect((await api.get(created.id)).category_ids).toEqual([jewellery]);
    const [entry] = await api.activity(created.id);
    expect(entry!.action).toBe('create');

    // The list contract: search, a filter on the kind, sorting by priority.
    const { status, body } = await api.list({ q: 'Monsoon', ...filter('kind', 'equals', 'percent_off') });
    expect(status).toBe(200);
    expect(body.data.map((p) => p.name)).toEqual(['Monsoon 12.5 % off Jewellery']);
    const bad = await admin.get('/api/promotions?sort=password');
    await expectErrorShape(bad, 422);
  });

  it('edits a promotion: its kind, its scope, with the changes in the activity log; then deletes it', async () => {
    const created = await api.create({
      name: 'Buy 3 get 1 on Clothing',
      kind: 'buy_x_get_y',
      buy_quantity: '3',
      get_quantity: '1',
      scope: 'categories',
      category_ids: `[${clothing}]`,
    });
    expect(created).toMatchObject({ buy_quantity: 3, get_quantity: 1, rate_bp: 0, offer: 'Buy 3 get 1 free', stacks_with_coupons: true, min_order_paise: 0 });
    const response = await admin.put(`/api/promotions/${created.id}`, {
      json: { name: 'Free delivery above ₹ 499', kind: 'free_shipping', scope: 'store', min_order: 49_900, version: created.version },
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const edited = JSON.parse(text).data as ApiRecord;
    expect(edited).toMatchObject({ kind: 'free_shipping', buy_quantity: null, get_quantity: null, min_order_paise: 49_900, scope: 'store', target_count: 0 });
    expect((await api.get(created.id)).category_ids).toEqual([]);
    const [update] = await api.activity(created.id);
    expect(update!.action).toBe('update');
    expect(update!.changes.kind).toEqual(['buy_x_get_y', 'free_shipping']);
    expect(update!.changes.category_ids).toEqual([[clothing], []]);

    // A stale version is a conflict; nothing changes.
    await expectErrorShape(await admin.put(`/api/promotions/${created.id}`, { json: { name: 'Stale', kind: 'free_shipping', version: created.version } }), 409);
    const gone = await api.delete(created.id);
    expect(gone.status).toBe(200);
    expect((await admin.get(`/api/promotions/${created.id}`)).status).toBe(404);
  });

  it('keeps a category a promotion names from being deleted, until the promotion no longer names it', async () => {
    const categoriesApi = areaApi('categories', () => admin);
    const category = await categoriesApi.create({ name: `Promo-only ${Date.now()}` });
    const promotion = await api.create({ name: 'Named category', kind: 'free_shipping', scope: 'categories', category_ids: `[${category.id}]` });
    const refused = await expectErrorShape(await categoriesApi.delete(category.id), 409);
    expect(refused.message).toContain('is named by 1 promotion');
    expect((await api.delete(promotion.id)).status).toBe(200);
    expect((await categoriesApi.delete(category.id)).status).toBe(200);
  });

  it('refuses bad input with 422 per field and writes nothing', async () => {
    const before = (await api.list({ per_page: 100 })).body.meta.total;
    const refusals: [Record<string, string>, string][] = [
      [{ name: 'Zero', kind: 'percent_off', rate_percent: '0' }, 'rate_percent'],
      [{ name: 'Too much', kind: 'percent_off', rate_percent: '100.5' }, 'rate_percent'],
      [{ name: 'Three decimals', kind: 'percent_off', rate_percent: '10.125' }, 'rate_percent'],
      [{ name: 'No rate', kind: 'percent_off' }, 'rate_percent'],
      [{ name: 'Backwards', kind: 'free_shipping', starts_at: '2026-08-10T10:00', ends_at: '2026-08-01T10:00' }, 'ends_at'],
      [{ name: 'Same instant', kind: 'free_shipping', starts_at: '2026-08-10T10:00', ends_at: '2026-08-10T10:00' }, 'ends_at'],
      [{ name: 'Buy none', kind: 'buy_x_get_y', buy_quantity: '0', get_quantity: '1' }, 'buy_quantity'],
      [{ name: 'Get none', kind: 'buy_x_get_y', buy_quantity: '2', get_quantity: '0' }, 'get_quantity'],
      [{ name: 'Get blank', kind: 'buy_x_get_y', buy_quantity: '2' }, 'get_quantity'],
      [{ name: 'No categories', kind: 'free_shipping', scope: 'categories' }, 'category_ids'],
      [{ name: 'Unknown vendor', kind: 'free_shipping', scope: 'vendors', vendor_ids: '[999999]' }, 'vendor_ids'],
      [{ name: 'Odd kind', kind: 'half_price' }, 'kind'],
      [{ name: 'Negative minimum', kind: 'free_shipping', min_order: '-1' }, 'min_order'],
      [{ name: '', kind: 'free_shipping' }, 'name'],
    ];
    for (const [fields, field] of refusals) {
      const { errors } = await expectErrorShape(await api.post(fields), 422);
      expect(errors?.[field], `${JSON.stringify(fields)} → ${JSON.stringify(errors)}`).toBeTruthy();
    }
    expect((await api.list({ per_page: 100 })).body.meta.total).toBe(before);
  });
});

describe('who may see and change promotions', () => {
  it('opens the list to rbac:list with promotions:list, the add page only with promotions:create', async () => {
    expect((await admin.get('/promotions/listing', html)).status).toBe(200);
    expect((await admin.get('/promotions/add', html)).status).toBe(200);
    expect((await viewer.get('/promotions/listing', html)).status).toBe(200);
    expect((await viewer.get('/api/promotions')).status).toBe(200);
    // The spec's menu permission alone is not enough to read the promotions…
    expect((await rolesOnly.get('/promotions/listing', html)).status).toBe(403);
    await expectErrorShape(await rolesOnly.get('/api/promotions'), 403);
    // …and reading them is not adding them.
    expect((await viewer.get('/promotions/add', html)).status).toBe(403);
    await expectErrorShape(await viewer.post('/api/promotions', { json: { name: 'Not allowed', kind: 'free_shipping' } }), 403);
    const any = (await api.list({ per_page: 10 })).body.data[0]!;
    expect((await viewer.get(`/promotions/${any.id}/edit`, html)).status).toBe(403);
    await expectErrorShape(await viewer.delete(`/api/promotions/${any.id}`), 403);
  });

  it('shows the Promotions menu item with rbac:list, as the spec says', async () => {
    const page = await (await rolesOnly.get('/dashboard', html)).text();
    expect(page).toContain('href="/promotions/listing"');
  });

  it('refuses every promotions call and page to a vendor, and never grants them one', async () => {
    const any = (await api.list({ per_page: 10 })).body.data[0]!;
    for (const response of [
      await vendor.get('/api/promotions'),
      await vendor.get(`/api/promotions/${any.id}`),
      await vendor.post('/api/promotions', { json: { name: 'Mine', kind: 'free_shipping' } }),
      await vendor.delete(`/api/promotions/${any.id}`),
    ])
      await expectErrorShape(response, 403);
    for (const page of ['/promotions/listing', '/promotions/add', `/promotions/${any.id}/edit`]) expect((await vendor.get(page, html)).status, page).toBe(403);
    const vendorUser = Number((await vendor.getJson('/api/user')).body.id);
    const grant = await admin.post(`/api/user/permissions/${vendorUser}`, { json: { grant: ['promotions:list'] } });
    const { errors } = await expectErrorShape(grant, 422);
    expect(errors?.grant?.[0]).toContain('promotions:list');
    await expectErrorShape(await vendor.get('/api/promotions'), 403);
  });
});

describe('promotionsForCart against a real database', () => {
  const handle = useMemoryDatabase();
  const NOW = new Date('2026-10-20T06:30:00.000Z');
  const HOUR = 3_600_000;

  it('applies the active promotions in window by the one rule, and honours the stacking flag', async () => {
    const db = handle.database.db;
    const [v] = await db.insert(vendors).values({ storeName: 'Promo Store' }).returning({ id: vendors.id });
    const cats = await db
      .insert(categories)
      .values([
        { name: 'Sarees', slug: 'sarees' },
        { name: 'Kurtas', slug: 'kurtas' },
      ])
      .returning({ id: categories.id, name: categories.name });
    const sarees = cats.find((c) => c.name === 'Sarees')!.id;
    const kurtas = cats.find((c) => c.name === 'Kurtas')!.id;
    const made = await db
      .insert(promotions)
      .values([
        // Starts exactly now: applies. Higher priority than the store-wide 5 %.
        { name: 'Sarees 10 %', kind: 'percent_off', rateBp: 1000, scope: 'categories', targetCount: 1, priority: 10, startsAt: NOW, stacksWithCoupons: false },
        { name: 'Store 5 %', kind: 'percent_off', rateBp: 500, scope: 'store', priority: 1 },
        // Ended an hour ago, starts in an hour, inactive: none of them is considered.
        { name: 'Ended 50 %', kind: 'percent_off', rateBp: 5000, scope: 'store', priority: 99, endsAt: new Date(NOW.getTime() - HOUR) },
        { name: 'Later 50 %', kind: 'percent_off', rateBp: 5000, scope: 'store', priority: 99, startsAt: new Date(NOW.getTime() + HOUR) },
        { name: 'Paused 50 %', kind: 'percent_off', rateBp: 5000, scope: 'store', priority: 99, status: 'inactive' },
        { name: 'Free delivery above ₹ 999', kind: 'free_shipping', scope: 'store', minOrderPaise: 99_900 },
      ])
      .returning({ id: promotions.id, name: promotions.name });
    const id = (name: string) => made.find((m) => m.name === name)!.id;
    await db.insert(promotionTargets).values({ promotionId: id('Sarees 10 %'), categoryId: sarees });

    const line = (index: number, categoryId: number, unitPricePaise: number) => ({
      index,
      sku: `SKU-${index}`,
      vendorId: v!.id,
      productId: 100 + index,
      variantId: 200 + index,
      categoryId,
      subCategoryId: null,
      quantity: 1,
      unitPricePaise,
      basePaise: unitPricePaise,
    });
    const cart: CartForDiscounts = {
      lines: [line(0, sarees, 80_000), line(1, kurtas, 40_000)],
      shippingPaise: 7_900,
      customerEmail: 'b@example.com',
      now: NOW,
    };

    const alone = await db.transaction((tx) => promotionsForCart(tx, cart, { withCoupon: false }));
    expect(alone.applied.map((a) => [a.name, a.lineDiscounts, a.shippingDiscountPaise, a.reason])).toEqual([
      ['Sarees 10 %', [8_000, 0], 0, '10 % off Sarees'],
      ['Store 5 %', [0, 2_000], 0, '5 % off everything'],
      ['Free delivery above ₹ 999', [0, 0], 7_900, 'Free delivery above ₹ 999.00'],
    ]);
    expect(alone.skipped).toEqual([]);
    expect(alone.couponAllowed).toBe(false);

    // With a coupon: the sarees' promotion doesn't combine, so the store-wide one takes its line.
    const withCoupon = await db.transaction((tx) => promotionsForCart(tx, cart, { withCoupon: true }));
    expect(withCoupon.applied.map((a) => [a.name, a.lineDiscounts])).toEqual([
      ['Store 5 %', [4_000, 2_000]],
      ['Free delivery above ₹ 999', [0, 0]],
    ]);
    expect(withCoupon.skipped).toEqual([{ kind: 'promotion', id: id('Sarees 10 %'), name: 'Sarees 10 %', reason: 'Doesn’t combine with coupon codes' }]);
    expect(withCoupon.couponAllowed).toBe(true);

    // Below the minimum: told how much more; a second before the sarees' start: the store-wide one only.
    const small = { ...cart, lines: [line(0, sarees, 80_000)], now: new Date(NOW.getTime() - 1_000) };
    const early = await db.transaction((tx) => promotionsForCart(tx, small, { withCoupon: false }));
    expect(early.applied.map((a) => a.name)).toEqual(['Store 5 %']);
    expect(early.skipped.map((s) => s.reason)).toEqual(['Add ₹ 199.00 more for free delivery']);

    // Pausing a promotion takes it out at once.
    await db
      .update(promotions)
      .set({ status: 'inactive' })
      .where(eq(promotions.id, id('Store 5 %')));
    const paused = await db.transaction((tx) => promotionsForCart(tx, small, { withCoupon: false }));
    expect(paused.applied).toEqual([]);
  });
});
