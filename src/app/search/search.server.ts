/**
 * Global search (Ctrl/⌘+K), decision 061. Finds the pages the user may open (from the menu and the
 * route registry, in memory) and records of every kind they may list, in ONE statement per keystroke:
 * a UNION ALL of one branch per kind (each area's `searchBranch`, the orders', the vendors'), each
 * answering its best few rows through its own indexes (trigram GIN for names, text_pattern_ops
 * btrees for the starts of order numbers, AWBs, phones and SKUs), ranked (exact and prefix matches
 * first, then trigram similarity) and scoped as its list is (a vendor finds only their own). Kinds
 * without the permission of their list have no branch at all.
 */
import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { rowsOf } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { MENU } from '@/lib/navigation/menu.ts';
import { routes } from '@/app/routes/registry.ts';
import { accessPermissions } from '@/lib/routes/route.ts';
import { RESOURCES } from '@/app/areas/resources.server.ts';
import { areaPermission, editPath } from '@/lib/areas/area.ts';
import { SYSTEM_ACTOR } from '@/lib/activity/activity.server.ts';
import { containsText, escapeLike, searchRank, searchTexts } from '@/lib/list/list-sql.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { statusLabel } from '@/features/orders/order-status.ts';
import { PHONE_PREFIX } from '@/lib/india/formats.ts';

export interface SearchResult {
  type: 'page' | 'record';
  title: string;
  subtitle?: string;
  href: string;
  area?: string;
}

/** Records of each kind in the dialog, and in all. */
const PER_KIND = 5;
const RECORDS = 30;
/** Candidates a kind's search reads through its index, before they are ranked. */
const CANDIDATES = 50;

/** A row of the statement: every branch answers these columns, in this order. */
interface Hit {
  kind: string;
  id: number;
  title: string;
  detail: string | null;
  extra: string | null;
  rank: number;
}

/**
 * One kind of record: its branch of the statement (null: nothing to search for this person or this
 * text) and how a hit reads and opens.
 */
interface SearchKind {
  key: string;
  label: string;
  permission: string;
  branch(db: Db, principal: Principal, q: string): SQL | null;
  open(hit: Hit, principal: Principal): Omit<SearchResult, 'type' | 'area'>;
}

/** Every declared area is searchable as its list's search box finds (decision 061: `searchBranch`). */
const areaKinds: SearchKind[] = Object.values(RESOURCES).map((r) => ({
  key: r.area.key,
  label: r.area.label,
  permission: areaPermission(r.area, 'list'),
  branch: (db, principal, q) => r.searchBranch(db, { principal, actor: SYSTEM_ACTOR }, q, PER_KIND),
  open(hit, principal) {
    // Someone who may only read the area (a vendor and the size charts) finds the record in its list.
    const canEdit = principal.abilities.includes(areaPermission(r.area, 'update'));
    // An area with a details page (a customer, a delivery partner) opens it for whoever may view it.
    const details = r.area.details;
    const canView = Boolean(details && principal.abilities.includes(`${r.area.permissionArea}:${details.action}`));
    const href = canView
      ? details!.path.replace(':id', String(hit.id))
      : canEdit
        ? editPath(r.area, hit.id)
        : `${r.area.paths.list}?${new URLSearchParams({ q: hit.title })}`;
    return { title: hit.title, href };
  },
}));

/**
 * Orders, by the start of a parcel's number (the order's number is its start too), of its AWB, of the
 * customer's phone (its digits), and by the customer's name; each parcel opens its order. Scoped as
 * the Orders list: a vendor finds only their own sub-orders.
 */
/** Phones are stored as +91 and ten digits (PHONE_PREFIX): a search types the digits, with or without 91. */
const ordersKind: SearchKind = {
  key: 'orders',
  label: 'Orders',
  permission: 'orders:list',
  branch(db, principal, q) {
    const own = vendorScope(principal, 'orders', subOrders, 'list');
    // As typed and upper-cased (numbers are upper-case; an AWB is as the courier wrote it).
    const upper = `${escapeLike(q.toUpperCase())}%`;
    const typed = `${escapeLike(q)}%`;
    const digits = q.replace(/\D/g, '');
    const phone = /^[+\d\s()-]+$/.test(q) && digits.length >= 4 ? digits.replace(/^91(?=\d{10})/, '') : null;
    // Each part one index scan (an OR of two ranges would become a bitmap of every match first); a
    // parcel found two ways comes twice (the search keeps the first, the best). A number or AWB equal
    // to the text comes before the rest.
    const Q = q.toUpperCase();
    const texts = searchTexts([subOrders.customerName]);
    const pick = (where: SQL, n: number, bonus: number) =>
      sql`(${db
        .select({
          id: subOrders.orderId,
          title: subOrders.number,
          detail: subOrders.customerName,
          extra: subOrders.status,
          bonus: bonus ? sql`case when upper(${subOrders.number}) = ${Q} or upper(${subOrders.awb}) = ${Q} then 5 else ${sql.raw(String(bonus))} end` : sql`0`,
          texts,
        })
        .from(subOrders)
        .where(and(where, own))
        .limit(n)
        .getSQL()})`;
    const starts = [...new Set([upper, typed])];
    const parts = [
      ...starts.map((p) => pick(sql`${subOrders.number} like ${p}`, PER_KIND, 4)),
      ...starts.map((p) => pick(sql`${subOrders.awb} like ${p}`, PER_KIND, 4)),
      ...(phone ? [`${PHONE_PREFIX}${phone}%`, `${phone}%`].map((p) => pick(sql`${subOrders.customerPhone} like ${p}`, PER_KIND, 4)) : []),
      pick(ilike(subOrders.customerName, `%${escapeLike(q)}%`), CANDIDATES, 0),
    ];
    return sql.join(parts, sql` union all `);
  },
  open: (hit) => ({
    title: hit.title,
    subtitle: `${hit.detail ?? ''} · ${statusLabel(hit.extra ?? '')}`,
    href: `/orders/${hit.id}/details`,
  }),
};

/** Vendors (staff), by store or legal name, phone or GSTIN, as the Vendors list's search box. */
const vendorsKind: SearchKind = {
  key: 'vendors',
  label: 'Vendors',
  permission: 'vendors:list',
  branch(db, principal, q) {
    if (principal.user.userType === 'vendor') return null;
    const columns = [vendors.storeName, vendors.legalName, vendors.phone, vendors.gstin];
    return db
      .select({
        id: vendors.id,
        title: sql`coalesce(${vendors.storeName}, ${vendors.legalName}, 'Vendor #' || ${vendors.id})`,
        detail: vendors.status,
        extra: sql`null::text`,
        bonus: sql`0`,
        texts: searchTexts(columns),
      })
      .from(vendors)
      .where(or(...columns.map((c) => containsText(c, q))))
      .limit(CANDIDATES)
      .getSQL();
  },
  open: (hit) => ({ title: hit.title, subtitle: hit.detail ?? undefined, href: `/vendors/${hit.id}/edit` }),
};

export const SEARCH_KINDS: SearchKind[] = [...areaKinds, ordersKind, vendorsKind];

/**
 * The statement for `q`: each kind this person may list, its candidates wrapped to the common columns
 * (kind, id, title, detail, extra, bonus, texts), all in one UNION ALL; then ranked in one place
 * (`searchRank` over each candidate's texts, plus its bonus), the best PER_KIND × 3 of each kind
 * kept, best first. Exported for the bench's EXPLAIN and the tests.
 */
export function searchStatement(db: Db, principal: Principal, can: (p: string) => boolean, q: string): SQL | null {
  const branches = SEARCH_KINDS.filter((k) => can(k.permission)).flatMap((k) => {
    const branch = k.branch(db, principal, q);
    if (!branch) return [];
    // Areas answer (id, title, bonus, texts); the orders and vendors (id, title, detail, extra, bonus, texts).
    const wide = k === ordersKind || k === vendorsKind;
    return [
      wide
        ? sql`(select ${k.key}::text as kind, b.* from (${branch}) as b(id, title, detail, extra, bonus, texts))`
        : sql`(select ${k.key}::text as kind, b.id, b.title, null::text as detail, null::text as extra, b.bonus, b.texts from (${branch}) as b(id, title, bonus, texts))`,
    ];
  });
  if (!branches.length) return null;
  return sql`select kind, id, title, detail, extra, rank from (
      select kind, id, title, detail, extra, rank, row_number() over (partition by kind order by rank desc, id) as nth from (
        select h.kind, h.id::int as id, h.title::text as title, h.detail::text as detail, h.extra::text as extra,
          (h.bonus + ${searchRank(sql`h.texts`, q)})::float8 as rank
        from (${sql.join(branches, sql` union all `)}) as h(kind, id, title, detail, extra, bonus, texts)
      ) as candidates
    ) as ranked
    where nth <= ${PER_KIND * 3}
    order by rank desc, kind, id limit ${RECORDS * 2}`;
}

function pageCandidates(can: (p: string) => boolean, principal: Principal) {
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  for (const group of MENU) {
    for (const item of group.items) {
      if (!can(item.permission) || seen.has(item.route)) continue;
      seen.add(item.route);
      out.push({ type: 'page', title: item.label, subtitle: group.label, href: item.route });
    }
  }
  // Pages outside the menu (add forms, profile…), when the user may open them.
  for (const r of routes) {
    if (r.kind !== 'page' || r.pattern.includes(':') || seen.has(r.pattern) || !r.title) continue;
    const a = r.access;
    const allowed =
      a.kind === 'auth' ||
      (a.kind === 'permission' && accessPermissions(a).every(can)) ||
      (a.kind === 'vendor' && principal.user.userType === 'vendor') ||
      (a.kind === 'staff' && principal.user.userType === 'staff');
    if (!allowed) continue;
    seen.add(r.pattern);
    out.push({ type: 'page', title: r.title, href: r.pattern });
  }
  return out;
}

/** Records from three characters: where the trigram indexes start to serve "contains" (decision 061). */
const MIN_RECORD_QUERY = 3;

export async function globalSearch(db: Db, principal: Principal, can: (p: string) => boolean, q: string): Promise<SearchResult[]> {
  const text = q.trim();
  const needle = text.toLowerCase();
  const pages = pageCandidates(can, principal).filter((p) => !needle || p.title.toLowerCase().includes(needle) || p.href.includes(needle));
  if (needle.length < MIN_RECORD_QUERY) return pages.slice(0, 20);
  const statement = searchStatement(db, principal, can, text);
  const hits = statement
    ? await db.transaction(async (tx) => {
        // Under a LIMIT the planner prefers to read a table (or a b-tree over the searched column, in
        // its order) from the start, hoping to meet matches soon: a word no row holds reads all of a
        // million (2 s), and "handwoven" half of the names index before the H's. Without sequential and
        // index-only scans, every branch over a big table goes through its trigram or prefix index
        // (decision 061); JIT off, as the inflated costs would otherwise compile the statement.
        await tx.execute(
          sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexonlyscan', 'off', true), set_config('jit', 'off', true)`,
        );
        return rowsOf<Hit>(await tx.execute(statement));
      })
    : [];
  const kinds = new Map(SEARCH_KINDS.map((k) => [k.key, k]));
  // Best first: a record found two ways keeps its first (best) place; each kind its best PER_KIND.
  const seen = new Set<string>();
  const perKind = new Map<string, number>();
  const records = hits.flatMap((hit) => {
    const key = `${hit.kind}|${hit.id}|${hit.title}`;
    const n = perKind.get(hit.kind) ?? 0;
    if (seen.has(key) || n >= PER_KIND) return [];
    seen.add(key);
    perKind.set(hit.kind, n + 1);
    const kind = kinds.get(hit.kind)!;
    return [{ ...kind.open({ ...hit, id: Number(hit.id) }, principal), type: 'record' as const, area: kind.label }];
  });
  return [...pages.slice(0, 10), ...records.slice(0, RECORDS)];
}
