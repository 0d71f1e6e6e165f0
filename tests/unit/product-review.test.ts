/**
 * The product workflow's rules that other issues call in-process, on an in-memory database with
 * the real migrations: the transitions as pure rules (who may make which move from where), the
 * "Review product changes" rule for content edits (contentChangeNeedsReview and
 * sendContentChangeToReview, for part A's update and part E's images), and the storefront's
 * visibility condition (storefrontVisibleProducts, for the orders issue's storefront API).
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { settings, vendors } from '../../src/lib/db/schema.ts';
import { activityLogs } from '../../src/lib/db/schema.ts';
import { products, productStatusEvents } from '../../src/features/products/product.tables.ts';
import {
  changedContentFields,
  contentChangeNeedsReview,
  sendContentChangeToReview,
  storefrontVisibleProducts,
} from '../../src/features/products/product-review.service.server.ts';
import { PRODUCT_TRANSITIONS, statusRefusal, transitionsFor, vendorRefusal } from '../../src/features/products/product-transitions.ts';
import { SYSTEM_ACTOR } from '../../src/lib/activity/activity.server.ts';
import { useMemoryDatabase } from '../helpers/memory-database.ts';

const memory = useMemoryDatabase();
const vendorEditor = { user: { userType: 'vendor' } } as never;
const staffEditor = { user: { userType: 'staff' } } as never;

async function setReviewChanges(on: boolean) {
  const db = memory.database.db;
  const value = { version: 1, values: { review_product_changes: on }, secrets: {} };
  await db.insert(settings).values({ key: 'global', value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

describe('the transitions as rules', () => {
  const staff = (...perms: string[]) => ({ userType: 'staff' as const, can: (p: string) => perms.includes(p) });
  const vendor = { userType: 'vendor' as const, can: (p: string) => ['products:update', 'products:view'].includes(p) };

  it('offers a reviewer Approve and Reject on a product waiting for review, and the vendor only their own moves', () => {
    expect(transitionsFor('pending_review', staff('products:approve'))).toEqual(['approve', 'reject']);
    expect(transitionsFor('pending_review', vendor)).toEqual(['archive']);
    expect(transitionsFor('draft', vendor)).toEqual(['submit', 'archive']);
    expect(transitionsFor('rejected', vendor)).toEqual(['submit', 'archive']);
    expect(transitionsFor('active', vendor)).toEqual(['deactivate', 'archive']);
    expect(transitionsFor('inactive', vendor)).toEqual(['activate', 'archive']);
    expect(transitionsFor('archived', vendor)).toEqual(['restore']);
    // A vendor account holding products:approve still never reviews.
    expect(transitionsFor('pending_review', { userType: 'vendor', can: () => true })).not.toContain('approve');
    expect(transitionsFor('active', staff())).toEqual([]);
  });

  it('names why a move is refused, and allows every move from its own statuses', () => {
    for (const [action, rule] of Object.entries(PRODUCT_TRANSITIONS)) {
      for (const from of rule.from) expect(statusRefusal(action as never, from)).toBeNull();
    }
    expect(statusRefusal('approve', 'draft')).toMatch(/Only a product waiting for review can be approved; this product is draft/);
    expect(statusRefusal('archive', 'archived')).toMatch(/already archived/);
  });

  it('keeps a suspended or unapproved store from submitting and activating, not from taking a product off sale', () => {
    expect(vendorRefusal('submit', 'suspended')).toMatch(/suspended/);
    expect(vendorRefusal('activate', 'suspended')).toMatch(/suspended/);
    expect(vendorRefusal('submit', 'pending')).toMatch(/not approved yet/);
    expect(vendorRefusal('submit', 'active')).toBeNull();
    expect(vendorRefusal('deactivate', 'suspended')).toBeNull();
    expect(vendorRefusal('archive', 'suspended')).toBeNull();
  });
});

describe('Review product changes', () => {
  const before = { status: 'active', name: 'Kurta', description: 'Cotton.', categoryId: 1, images: ['a', 'b'] };

  it('names the content fields an edit changed; price and stock are not content', () => {
    expect(changedContentFields(before, { ...before, name: 'Kurta, blue' })).toEqual(['name']);
    expect(changedContentFields(before, { ...before, images: ['a', 'c'] })).toEqual(['images']);
    expect(changedContentFields(before, { ...before, pricePaise: 100 } as never)).toEqual([]);
    // A field the edit doesn't carry is not compared.
    expect(changedContentFields(before, { status: 'active', name: 'Kurta' })).toEqual([]);
  });

  it('needs review only when the setting is on, the product active, the editor the vendor and content changed', async () => {
    const db = memory.database.db;
    const renamed = { ...before, name: 'Kurta, blue' };
    await setReviewChanges(false);
    expect(await contentChangeNeedsReview(db, before, renamed, vendorEditor)).toBe(false);
    await setReviewChanges(true);
    expect(await contentChangeNeedsReview(db, before, renamed, vendorEditor)).toBe(true);
    expect(await contentChangeNeedsReview(db, before, { ...before, description: 'Linen.' }, vendorEditor)).toBe(true);
    expect(await contentChangeNeedsReview(db, before, { ...before, categoryId: 2 }, vendorEditor)).toBe(true);
    expect(await contentChangeNeedsReview(db, before, before, vendorEditor)).toBe(false);
    expect(await contentChangeNeedsReview(db, before, renamed, staffEditor)).toBe(false);
    expect(await contentChangeNeedsReview(db, { ...before, status: 'draft' }, { ...renamed, status: 'draft' }, vendorEditor)).toBe(false);
  });

  it('sends an active product back to review with an event, an activity entry and the reviewers told', async () => {
    const db = memory.database.db;
    await setReviewChanges(true);
    const [v] = await db.insert(vendors).values({ status: 'active', storeName: 'Review Store' }).returning({ id: vendors.id });
    const [p] = await db.insert(products).values({ vendorId: v!.id, name: 'Kurta', slug: 'kurta-review', status: 'active' }).returning({ id: products.id });
    const done = await db.transaction((tx) =>
      sendContentChangeToReview(tx, SYSTEM_ACTOR, vendorEditor, p!.id, { ...before, name: 'Kurta' }, { ...before, name: 'Kurta, blue' }),
    );
    expect(done).toBe(true);
    const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, p!.id));
    expect(row!.status).toBe('pending_review');
    const events = await db.select().from(productStatusEvents).where(eq(productStatusEvents.productId, p!.id));
    expect(events).toMatchObject([{ fromStatus: 'active', toStatus: 'pending_review', reason: 'Changed by the vendor: name.' }]);
    const log = await db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.recordId, String(p!.id)));
    expect(log.map((l) => l.action)).toEqual(['sent-to-review']);
    // Nothing more when the setting is off.
    await setReviewChanges(false);
    await db.update(products).set({ status: 'active' }).where(eq(products.id, p!.id));
    const again = await db.transaction((tx) =>
      sendContentChangeToReview(tx, SYSTEM_ACTOR, vendorEditor, p!.id, { ...before, name: 'Kurta, blue' }, { ...before, name: 'Kurta, red' }),
    );
    expect(again).toBe(false);
  });
});

describe('storefrontVisibleProducts', () => {
  it('shows active products of active stores only; suspending a store hides them without changing them', async () => {
    const db = memory.database.db;
    const [open, suspended] = await db
      .insert(vendors)
      .values([
        { status: 'active', storeName: 'Open Store' },
        { status: 'suspended', storeName: 'Suspended Store' },
      ])
      .returning({ id: vendors.id });
    const rows = await db
      .insert(products)
      .values([
        { vendorId: open!.id, name: 'Shown', slug: 'shown', status: 'active' },
        { vendorId: open!.id, name: 'Waiting', slug: 'waiting', status: 'pending_review' },
        { vendorId: open!.id, name: 'Off sale', slug: 'off-sale', status: 'inactive' },
        { vendorId: suspended!.id, name: 'Hidden with its store', slug: 'hidden', status: 'active' },
      ])
      .returning({ id: products.id });
    const ids = rows.map((r) => r.id);
    const visible = async () =>
      (
        await db
          .select({ name: products.name })
          .from(products)
          .where(sql`${inArray(products.id, ids)} and ${storefrontVisibleProducts()}`)
          .orderBy(products.name)
      ).map((r) => r.name);
    expect(await visible()).toEqual(['Shown']);
    await db.update(vendors).set({ status: 'active' }).where(eq(vendors.id, suspended!.id));
    expect(await visible()).toEqual(['Hidden with its store', 'Shown']);
    await db.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, open!.id));
    expect(await visible()).toEqual(['Hidden with its store']);
    // The products' own status never changed.
    expect((await db.select({ s: products.status }).from(products).where(inArray(products.id, ids))).map((r) => r.s).sort()).toEqual([
      'active',
      'active',
      'inactive',
      'pending_review',
    ]);
  });
});
