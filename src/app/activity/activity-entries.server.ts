/**
 * The activity log as people read it: each entry names its record as its area does ("Brand
 * Indigo Loom", not "brands 9") and its diff's fields as the form labels them ("Logo", not
 * "logoPath"). Here, in the composition root, because only the app knows every area; the
 * feature's list stays a plain read of the table. The log list, its API and the right panel's
 * GET /api/activity/mine all answer through `describeActivity`. Decision 028.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { users, vendors } from '@/lib/db/schema.ts';
import type { AreaColumn, AreaField } from '@/lib/areas/area.ts';
import type { ApiRecord, ImageField, RequestScope } from '@/lib/areas/resource.server.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';
import { activityLogSource } from '@/features/activity-logs/activity-log.resource.server.ts';
import { globalSettingsForm } from '@/features/global-settings/global-settings.form.ts';
import { RESOURCES } from '@/app/areas/resources.server.ts';

/** What the log needs to know about the records of one `area` value of its entries. */
interface RecordKind {
  /** The record's kind, before its name: "Brand". */
  singular: string;
  /** What an entry about no one record (a reorder, an import) names: "Brands". Defaults to the singular. */
  label?: string;
  /** Where field labels come from, in this order: the form's fields, its images' columns, the list's headers. */
  fields?: readonly AreaField[];
  images?: readonly ImageField[];
  columns?: readonly AreaColumn[];
  /** The record's name field, looked for in the diff when nothing else has the name. */
  titleField?: string;
  /** The names of records that still exist, for entries written before names were stored. */
  currentNames?: (db: DbOrTx, s: RequestScope, ids: number[]) => Promise<Map<number, string>>;
  /** The only record of its kind (the global settings): the singular says it all. */
  single?: boolean;
}

const userNames = async (db: DbOrTx, _s: RequestScope, ids: number[]) =>
  new Map((await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]));

const vendorNames = async (db: DbOrTx, _s: RequestScope, ids: number[]) =>
  new Map(
    (
      await db
        .select({ id: vendors.id, name: vendorName(vendors.id, vendors.storeName) })
        .from(vendors)
        .where(inArray(vendors.id, ids))
    ).map((v) => [v.id, v.name]),
  );

/** Every area the kit declares: its singular, form, list and the current titles of its records. */
const AREA_KINDS: Record<string, RecordKind> = Object.fromEntries(
  Object.entries(RESOURCES).map(([key, resource]) => [
    key,
    {
      singular: resource.area.singular,
      label: resource.area.label,
      fields: resource.area.fields,
      images: resource.def.images,
      columns: resource.area.columns,
      titleField: resource.area.titleField,
      currentNames: async (db, s, ids) => {
        const query = resource.parseListQuery({});
        const records = await resource.exportRows(db, s, query, ids, ids.length);
        return new Map(records.map((r) => [r.id, String(r[resource.area.titleField] ?? '')] as const).filter(([, name]) => name !== ''));
      },
    } satisfies RecordKind,
  ]),
);

/** The log's other writers (services outside the area kit), by the `area` they write. */
const OTHER_KINDS: Record<string, RecordKind> = {
  auth: { singular: 'User', currentNames: userNames },
  profile: { singular: 'User', currentNames: userNames },
  users: { singular: 'User', currentNames: userNames },
  vendors: { singular: 'Vendor', currentNames: vendorNames },
  'global-settings': { singular: 'Global settings', fields: globalSettingsForm.fields, single: true },
  'account-deletion': { singular: 'Account deletion request' },
  notifications: { singular: 'Notifications', single: true },
  // Orders name their record by number (kept with each entry: OD-2026-000123, or a sub-order's -2).
  orders: { singular: 'Order' },
  'storefront-api-keys': { singular: 'Storefront API key' },
  // The earnings ledger names its record by sub-order number, or "<vendor>: adjustment" (docs/money.md).
  earnings: { singular: 'Earnings' },
};

function kindOf(area: string): RecordKind {
  return (
    (Object.hasOwn(AREA_KINDS, area) ? AREA_KINDS[area] : Object.hasOwn(OTHER_KINDS, area) ? OTHER_KINDS[area] : undefined) ?? { singular: humanise(area) }
  );
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `logoPath`, `other_reset_links` → "Logo path", "Other reset links"; a trailing id reads "ID". */
export function humanise(name: string): string {
  const words = snake(name).replace(/[-_]+/g, ' ').trim().replace(/\bid$/, 'ID');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

const labellers = new Map<RecordKind, (key: string) => string>();

/**
 * A diff's key (a stored column: `logoPath`, `stateId`; or a settings key: `sms_provider`) as
 * the form labels it: the form field of that name (or whose image it stores), else the list's
 * column header, else the key in words.
 */
function fieldLabeller(kind: RecordKind): (key: string) => string {
  let labeller = labellers.get(kind);
  if (labeller) return labeller;
  const labels = new Map<string, string>();
  const add = (name: string, label: string) => {
    for (const key of [name, camel(name), snake(name)]) if (!labels.has(key)) labels.set(key, label);
  };
  for (const field of kind.fields ?? []) add(field.name, field.label);
  for (const image of kind.images ?? []) {
    const field = kind.fields?.find((f) => f.name === image.field);
    if (field) add(image.column, field.label);
  }
  for (const column of kind.columns ?? []) add(column.field, column.header);
  labeller = (key) => labels.get(key) ?? humanise(key);
  labellers.set(kind, labeller);
  return labeller;
}

type Changes = Record<string, [unknown, unknown]>;

/** The record's name as its own entry's diff has it: a create's after or a delete's before. */
function nameInDiff(kind: RecordKind, changes: Changes): string | null {
  if (!kind.titleField) return null;
  const pair = changes[kind.titleField] ?? changes[camel(kind.titleField)];
  const name = pair?.[1] ?? pair?.[0];
  return typeof name === 'string' && name !== '' ? name : null;
}

/**
 * Adds `record_label` ("Brand Indigo Loom"; "Brand #9" when no name is known), `area_label` and
 * `field_labels` (the diff's keys as the form labels them) to activity entries as serialised.
 * The name is the one stored with the entry; entries older than that column take the record's
 * current name (one query per area on the page), else the one in their diff.
 */
export async function describeActivity(db: DbOrTx, s: RequestScope, entries: ApiRecord[]): Promise<ApiRecord[]> {
  const missing = new Map<string, Set<number>>();
  for (const entry of entries) {
    const id = Number(entry.record_id);
    if (entry.record_name || !Number.isSafeInteger(id) || id <= 0 || !kindOf(String(entry.area)).currentNames) continue;
    const ids = missing.get(String(entry.area)) ?? new Set<number>();
    missing.set(String(entry.area), ids.add(id));
  }
  const current = new Map<string, Map<number, string>>();
  await Promise.all([...missing].map(async ([area, ids]) => current.set(area, await kindOf(area).currentNames!(db, s, [...ids]))));

  return entries.map((entry) => {
    const area = String(entry.area);
    const kind = kindOf(area);
    const changes = (entry.changes ?? {}) as Changes;
    const recordId = entry.record_id === null || entry.record_id === undefined || entry.record_id === '' ? null : String(entry.record_id);
    const name = (typeof entry.record_name === 'string' && entry.record_name) || current.get(area)?.get(Number(recordId)) || nameInDiff(kind, changes) || null;
    const recordLabel = kind.single
      ? kind.singular
      : name
        ? `${kind.singular} ${name}`
        : recordId
          ? `${kind.singular} #${recordId}`
          : (kind.label ?? kind.singular);
    const label = fieldLabeller(kind);
    return {
      ...entry,
      record_name: name,
      record_label: recordLabel,
      area_label: kind.label ?? kind.singular,
      field_labels: Object.fromEntries(Object.keys(changes).map((key) => [key, label(key)])),
    };
  });
}

/** The activity log's list (page and API), its entries described. */
export const activityEntries: ListSource = {
  parseListQuery: (raw) => activityLogSource.parseListQuery(raw),
  async list(db, s, query) {
    const page = await activityLogSource.list(db, s, query);
    return { ...page, data: await describeActivity(db, s, page.data) };
  },
};
