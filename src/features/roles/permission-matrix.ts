/**
 * The permission matrix's rows and columns, from the catalogue and the menu: rows are permission
 * areas grouped as the sidebar groups them (an area belongs to the group of its first menu item;
 * areas with no menu item go to "Other"), columns are the union of the actions. No server imports:
 * the pages compute it and hand it to the island as props.
 */
import { PERMISSION_AREAS, type Permission } from '@/lib/permissions/catalogue.ts';
import { MENU } from '@/lib/navigation/menu.ts';

export interface MatrixRow {
  /** The permission area (`brands`). */
  area: string;
  /** What the sidebar calls it (`Brands`), when it has an item. */
  label: string;
  actions: string[];
}

export interface MatrixGroup {
  label: string;
  rows: MatrixRow[];
}

export interface MatrixShape {
  groups: MatrixGroup[];
  /** Every action any area has, the common ones first. */
  actions: string[];
}

/** The common CRUD actions lead, in this order; the others follow as the catalogue first names them. */
const LEADING_ACTIONS = ['list', 'view', 'create', 'update', 'delete', 'import', 'export', 'approve'];

export const OTHER_GROUP = 'Other';

export function matrixShape(): MatrixShape {
  const groupOf = new Map<string, string>();
  const labelOf = new Map<string, string>();
  const place = (area: string, group: string, label: string) => {
    if (groupOf.has(area)) return;
    groupOf.set(area, group);
    labelOf.set(area, label);
  };
  const items = MENU.flatMap((group) =>
    group.items.map((item) => ({ group: group.label, item, area: item.permission.split(':')[0]!, segment: item.route.split('/')[1]! })),
  );
  // An item whose page belongs to another permission area borrows its permission (the spec's
  // Promotions item needs rbac:list): it places that area only when nothing else does.
  const borrows = (i: (typeof items)[number]) => i.segment !== i.area && Object.hasOwn(PERMISSION_AREAS, i.segment);
  for (const i of items) if (!borrows(i)) place(i.area, i.group, i.item.label);
  for (const i of items) place(i.area, i.group, i.item.label);
  // An area no item needs goes where its page is (promotions: the Promotions item's group).
  for (const i of items) if (Object.hasOwn(PERMISSION_AREAS, i.segment)) place(i.segment, i.group, i.item.label);
  const groups: MatrixGroup[] = [...MENU.map((g) => ({ label: g.label, rows: [] as MatrixRow[] })), { label: OTHER_GROUP, rows: [] }];
  for (const [area, actions] of Object.entries(PERMISSION_AREAS)) {
    const label = groupOf.get(area) ?? OTHER_GROUP;
    groups.find((g) => g.label === label)!.rows.push({ area, label: labelOf.get(area) ?? area, actions: [...actions] });
  }
  const all = new Set(Object.values(PERMISSION_AREAS).flat() as string[]);
  const actions = [...LEADING_ACTIONS.filter((a) => all.has(a)), ...[...all].filter((a) => !LEADING_ACTIONS.includes(a))];
  return { groups: groups.filter((g) => g.rows.length), actions };
}

export const permissionOf = (area: string, action: string) => `${area}:${action}` as Permission;

/** What a matrix save sends: only the difference. */
export interface GrantDiff {
  grant: string[];
  revoke: string[];
}

/** The difference between the grants loaded and the grants ticked now, sorted. */
export function grantDiff(before: Iterable<string>, after: Iterable<string>): GrantDiff {
  const b = new Set(before);
  const a = new Set(after);
  return { grant: [...a].filter((p) => !b.has(p)).sort(), revoke: [...b].filter((p) => !a.has(p)).sort() };
}

/** "granted brands:delete, brands:list and revoked tags:update to Catalogue editors": an activity entry's summary. */
export function describeGrantDiff(diff: GrantDiff, subject: string): string {
  const parts: string[] = [];
  if (diff.grant.length) parts.push(`granted ${diff.grant.join(', ')} to ${subject}`);
  if (diff.revoke.length) parts.push(`revoked ${diff.revoke.join(', ')} from ${subject}`);
  return parts.join('; ');
}
