/**
 * The product status workflow on the server (docs/products.md "Status and review"): each move
 * checks the version (409 when stale), the status (409 naming why), the vendor's standing (a
 * suspended store can't submit or activate) and, for a submission, that something can be sold;
 * then in one transaction it updates the product, records the status event and the activity entry,
 * and notifies: the reviewers of a submission, the vendor's users of a decision (and mails them
 * after the commit). Also: the "Review product changes" rule for content edits, the storefront's
 * visibility condition and the review queue's count.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { notifyRole, notifyVendor } from '@/lib/notifications/notify.server.ts';
import { publish } from '@/lib/realtime/publish.server.ts';
import { forbidden, conflict, invalid, notFound } from '@/lib/http/errors.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { reviewProductChanges } from '@/lib/settings/product-review-setting.server.ts';
import { products, productStatusEvents, productVariants } from './product.tables.ts';
import { PRODUCT_TRANSITIONS, statusRefusal, vendorRefusal, type ProductTransition } from './product-transitions.ts';

export const STALE_PRODUCT_MESSAGE =
  'Someone changed this product after you loaded it, so nothing was done. Reload the page to see its current status and try again.';

/** What the vendor's people are told of a reviewer's decision. */
const DECISIONS: Partial<Record<ProductTransition, { title: (name: string) => string; body: (reason: string | null) => string }>> = {
  approve: { title: (name) => `Your product “${name}” is approved`, body: () => 'It is active and offered on the storefront.' },
  reject: {
    title: (name) => `Your product “${name}” was not approved`,
    body: (reason) => `Reason: ${reason}\nChange what the reason asks for and submit it for review again from its details page.`,
  },
};

/**
 * Moves one product along `action`. `principal` is who acts (a vendor only on their own products:
 * another's is "not found", as everywhere); `actor` is what the activity log records.
 */
export async function transitionProduct(
  db: Db,
  principal: Principal,
  actor: Actor,
  productId: number,
  action: ProductTransition,
  input: { version: number; reason?: string | null },
) {
  const rule = PRODUCT_TRANSITIONS[action];
  const reason = input.reason?.trim() || null;
  if (rule.by === 'reviewer' && principal.user.userType !== 'staff') {
    // The route already asks for products:approve; a vendor account never reviews, even its own products.
    throw forbidden('Approving and rejecting products is for the marketplace’s reviewers.');
  }
  const after = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), vendorScope(principal, 'products', products)))
      .for('update')
      .limit(1);
    if (!before) throw notFound('This product does not exist.');
    if (before.version !== input.version) throw conflict(STALE_PRODUCT_MESSAGE);
    const refused = statusRefusal(action, before.status);
    if (refused) throw conflict(refused);
    if (rule.needsReason && !reason) throw invalid({ reason: ['Give a reason: the vendor sees it and fixes the product from it.'] });
    const [vendor] = await tx.select({ status: vendors.status }).from(vendors).where(eq(vendors.id, before.vendorId)).limit(1);
    const vendorRefused = vendorRefusal(action, vendor?.status);
    if (vendorRefused) throw conflict(vendorRefused);
    if (action === 'submit' && !(await hasSellableVariant(tx, productId))) {
      throw conflict('Add at least one active variant with a price (Pricing details) before submitting this product for review.', {
        variants: ['Add at least one active variant with a price.'],
      });
    }

    const now = new Date();
    const [after] = await tx
      .update(products)
      .set({
        status: rule.to,
        updatedAt: now,
        version: sql`${products.version} + 1`,
        ...(action === 'submit' ? { submittedAt: now, rejectionReason: null } : {}),
        ...(rule.by === 'reviewer' ? { reviewedAt: now, reviewedBy: principal.user.id } : {}),
        ...(action === 'reject' ? { rejectionReason: reason } : {}),
      })
      .where(eq(products.id, productId))
      .returning();
    await tx.insert(productStatusEvents).values({ productId, fromStatus: before.status, toStatus: rule.to, reason, actorUserId: actor.realUserId });
    await logActivity(tx, actor, {
      area: 'products',
      action,
      recordId: productId,
      recordName: before.name,
      changes: { status: [before.status, rule.to], ...(reason ? { reason: [null, reason] } : {}) },
    });

    // The review queue may have changed: the reviewers' sidebar badges update live.
    if (before.status === 'pending_review' || rule.to === 'pending_review') await publish(tx, 'approvals.changed', { area: 'products' });
    const decision = DECISIONS[action];
    if (action === 'submit') await notifyReviewers(tx, productId, before.name, 'submitted for review');
    else if (decision) {
      await notifyVendor(tx, before.vendorId, {
        type: `product.${action}`,
        title: decision.title(before.name),
        body: decision.body(reason),
        link: `/products/${productId}/details`,
      });
    }
    return after!;
  });
  // The vendor's people who chose mail for "Your products" (on unless turned off) get it after the
  // commit, from the notification (src/lib/notifications/mail-worker.server.ts).
  return after;
}

/** At least one active variant with a price above zero: something a customer could buy. */
async function hasSellableVariant(db: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.status, 'active'), gt(productVariants.pricePaise, 0)))
    .limit(1);
  return Boolean(row);
}

/** The reviewers hear of a product entering the queue (the sidebar badge counts it for every holder of products:approve). */
async function notifyReviewers(tx: DbOrTx, productId: number, name: string, what: string) {
  await notifyRole(tx, 'Super Admin', {
    type: 'product.pending',
    title: 'A product is waiting for review',
    body: `“${name}” was ${what}.`,
    link: `/products/${productId}/details`,
  });
}

// ── Review of content changes ────────────────────────────────────────────────

/**
 * What a content edit compares: the fields whose change needs review. Pass what the edit can
 * change; a field given on one side only is not compared. `images`: the product's image paths in
 * order (an added, removed or replaced image is a change; alt text and order are not).
 */
export interface ProductContent {
  status: string;
  name?: string;
  description?: string;
  categoryId?: number | null;
  subCategoryId?: number | null;
  images?: readonly string[];
}

const CONTENT_FIELDS = ['name', 'description', 'categoryId', 'subCategoryId', 'images'] as const;

/** The content fields that differ between `before` and `after` (price and stock are never content). */
export function changedContentFields(before: ProductContent, after: ProductContent): string[] {
  return CONTENT_FIELDS.filter((f) => f in before && f in after && JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/**
 * Whether a vendor's edit of a product sends it back to review: Global Settings' "Review product
 * changes" is on, the product was active, the editor is the vendor (staff edits are the
 * marketplace's own) and its name, description, category or images changed.
 */
export async function contentChangeNeedsReview(
  db: DbOrTx,
  before: ProductContent,
  after: ProductContent,
  editor: Pick<Principal, 'user'> | null = null,
): Promise<boolean> {
  if (before.status !== 'active' || editor?.user.userType !== 'vendor') return false;
  if (!changedContentFields(before, after).length) return false;
  return reviewProductChanges(db);
}

/**
 * Call in the edit's own transaction, after writing the edit (part A's product update, part E's
 * image changes): when contentChangeNeedsReview says so, the product goes back to
 * `pending_review` with a status event naming what changed, an activity entry and the reviewers
 * notified. The edit has already bumped the version; this doesn't again. Answers whether it did.
 */
export async function sendContentChangeToReview(
  tx: DbOrTx,
  actor: Actor,
  editor: Pick<Principal, 'user'>,
  productId: number,
  before: ProductContent & { name: string },
  after: ProductContent,
): Promise<boolean> {
  if (!(await contentChangeNeedsReview(tx, before, after, editor))) return false;
  const changed = changedContentFields(before, after);
  const reason = `Changed by the vendor: ${changed.map((f) => CONTENT_LABELS[f]).join(', ')}.`;
  await tx.update(products).set({ status: 'pending_review', submittedAt: new Date() }).where(eq(products.id, productId));
  await tx.insert(productStatusEvents).values({ productId, fromStatus: 'active', toStatus: 'pending_review', reason, actorUserId: actor.realUserId });
  await logActivity(tx, actor, {
    area: 'products',
    action: 'sent-to-review',
    recordId: productId,
    recordName: after.name ?? before.name,
    changes: { status: ['active', 'pending_review'], reason: [null, reason] },
  });
  await notifyReviewers(tx, productId, after.name ?? before.name, 'changed by its vendor and needs review again');
  await publish(tx, 'approvals.changed', { area: 'products' });
  return true;
}

const CONTENT_LABELS: Record<string, string> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  subCategoryId: 'sub-category',
  images: 'images',
};

// ── The storefront and the queue ─────────────────────────────────────────────

/**
 * The products the storefront may show and sell: active, and of an active vendor. Suspending a
 * vendor hides their products here without changing the products' status, so reinstating brings
 * them back as they were. Use in the storefront API's WHERE (the orders issue).
 */
export function storefrontVisibleProducts(): SQL {
  return and(
    eq(products.status, 'active'),
    sql`exists (select 1 from ${vendors} where ${vendors.id} = ${products.vendorId} and ${vendors.status} = 'active')`,
  )!;
}

/**
 * How many products wait for review (the sidebar badge and the list's "Waiting for review" view),
 * counted up to `upTo` (MENU_BADGE_CAP: "99+"): never a scan of a long queue on every page. A
 * value another statement can carry (the shell reads every badge in one).
 */
export function pendingReviewCountSql(upTo: number): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${products} where ${products.status} = 'pending_review' limit ${sql.raw(String(Math.trunc(upTo)))}) as waiting)`.mapWith(
    Number,
  );
}

export async function pendingReviewCount(db: DbOrTx, upTo: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${pendingReviewCountSql(upTo)} as n`));
  return Number(row?.n ?? 0);
}
