/**
 * An area's declaration: what the list shows, what the form takes, which routes and permissions it has.
 * Shared by the server (API, registry, OpenAPI, search) and the islands (DataTable, form), so it
 * imports nothing server-side. The server half (table, columns → SQL, rules) is `defineResource`
 * in resource.server.ts. See docs/adding-an-area.md.
 */
import type { z } from 'zod';
import type { ColumnKind } from '@/lib/list/list-query.ts';
import type { Permission, PermissionArea } from '@/lib/permissions/catalogue.ts';

/**
 * A list column, declared once: the DataTable draws it, and the API's sort/filter allowlist is
 * derived from `kind`, `sortable`, `filterable` and `options` (src/lib/areas/list-columns.server.ts).
 */
export interface AreaColumn {
  field: string;
  header: string;
  kind: ColumnKind;
  sortable?: boolean;
  filterable?: boolean;
  /** For enum columns: the values and how to show them. */
  options?: readonly { value: string; label: string }[];
  /**
   * How a cell renders; defaults by kind. `list`: a space-separated list (a product's SKUs) shown
   * as its first item and "+N more", the whole list in the cell's title, so one row stays one line.
   */
  display?: 'text' | 'date' | 'status' | 'image' | 'number' | 'list';
  /** Hidden on narrow screens. */
  secondary?: boolean;
  /**
   * Money in integer paise, shown as ₹ 1,23,456.78; its filter is typed in rupees and sent in
   * paise. `rangeEnd` names the row's field holding the upper end of a range (a price range).
   */
  money?: { unit: 'paise'; rangeEnd?: string };
  /**
   * The column shows a related record's name (`state_name`) but filters on its id (`state_id`,
   * a number column in the resource): the filter is a searchable pick-list of that area's records.
   */
  relation?: { area: string; field: string };
  /** What an empty cell says, when empty has a meaning ("Store default" for a commission left blank). */
  emptyText?: string;
  /** Not shown to vendors (a warehouse's owner: a vendor's are all their own). */
  staffOnly?: boolean;
}

/** Another area's records, offered by id and label (GET /api/<area>/options). */
export interface RelationRef {
  /** The related area's key (`states`). */
  area: string;
  /**
   * Narrows the options by another field of the same form: a city picker shows the chosen
   * state's cities (`{ field: 'state_id', filter: 'state_id' }` sends filters.state_id = value).
   * Changing that field clears this one.
   */
  dependsOn?: { field: string; filter: string };
  /** Offers "None" (the schema must accept an empty value). */
  optional?: boolean;
  /** What "None" means here ("Platform" for a warehouse with no vendor). */
  noneLabel?: string;
  /** The edited record's property holding the chosen record's label (`state_name`); without it the picker asks the server. */
  labelFrom?: string;
}

/**
 * An "X of this Y" page: the area's list narrowed to one parent record (a brand's return policies,
 * `/brand/:id/return-policies/listing`). The filter on the parent is fixed (the person can't
 * remove it), the heading names the parent, "Add" pre-selects it, and the parent's edit page
 * links here. The route comes with the area's (its `list` permission); the page file calls
 * `loadScopedList` (src/components/area-pages/list-page.server.ts).
 */
export interface ScopedList {
  /** The page route; `:id` is the parent record's id. */
  path: string;
  /** The parent's area key (`brands`). */
  parentArea: string;
  /** This area's field holding the parent's id (`brand_id`): the fixed filter and the Add prefill. */
  field: string;
  /** The route's title (`Brand return policies`). */
  title: string;
  /** The link on the parent's edit page (`Return policies`). */
  linkLabel: string;
  /** The page heading; `{name}` becomes the parent's title (`Return policies of {name}`). */
  heading: string;
}

/**
 * An area's own input, outside the kit's core: `component` names it in the app's registry
 * (src/app/areas/field-components.ts), which the form loads lazily, so only pages with the input
 * carry its code. `options` are the component's own (typed by the feature, opaque to the kit) and
 * travel to the browser with the field, so they must be plain data. The field's rules are the
 * area's schema's, like any field's.
 */
export interface CustomInput<Options = unknown> {
  component: string;
  options?: Options;
  /** A new record's value (plain data; an object travels as JSON text, as the form sends it). */
  initial?: unknown;
}

/**
 * A call an area's own input makes besides the standard ones (a delivery zone's "every pincode
 * of a state"): registered with the area's routes under the area's `action` permission, and
 * described in the OpenAPI document. The page file under src/pages/api serves it.
 */
export interface AreaApiRoute {
  pattern: string;
  method: 'GET';
  action: 'list';
  /** A query string the route × role matrix test sends (`state_id=1`). */
  sampleQuery?: string;
  summary: string;
  query?: z.ZodObject;
}

/**
 * One form field, declared once: the form kit renders it, labels it, validates the whole form
 * with the area's zod schema and puts the server's 422 errors beside it.
 */
export interface AreaField {
  /** The schema key and the multipart field name. */
  name: string;
  label: string;
  input: 'text' | 'textarea' | 'select' | 'checkbox' | 'image' | 'slug' | 'relation' | 'secret' | 'markdown' | 'custom';
  /** checkbox: a yes/no field (the schema's `formBoolean`), sent as "true" or "false". */
  /** select: the choices. */
  options?: readonly { value: string; label: string }[];
  /**
   * text: the browser's input type (keyboard on phones, autofill). `datetime-local` is a date and
   * time in India Standard Time: the record's ISO instant is shown in IST, and the schema reads
   * what is typed as IST (`istDateTime` in src/lib/india/formats.ts). `date`: a calendar date, 2024-07-10.
   */
  inputType?: 'email' | 'tel' | 'number' | 'url' | 'datetime-local' | 'date';
  /** Starts a titled group of fields (a heading across the form). */
  section?: string;
  /** Shown only while another field has this value (e.g. SMTP settings when the provider is SMTP). */
  showWhen?: { field: string; equals: string };
  /**
   * secret: write-only. Never filled in; the record's `<name>_set` says whether one is saved.
   * Left blank, the saved value is kept; "Remove" sends `<name>_remove`.
   */
  /** relation: the area whose records it picks from. */
  relation?: RelationRef;
  /** slug: the field it is derived from until the person edits it. */
  from?: string;
  /** image: the record property holding the current image's URL (its preview). */
  previewField?: string;
  /** custom: an input the area's feature provides (a size chart's grid, a zone's pincodes). */
  custom?: CustomInput;
  /**
   * text or relation (to `pincodes`): this field is the pincode of an address whose state and city
   * are these fields of the form (relation pickers). Typing a complete pincode fills them from
   * GET /api/pincodes/lookup, so an address can start with its pincode; a pincode picker that
   * depends on the city is offered before a city is chosen (the city then only narrows it).
   */
  addressPincode?: { state: string; city: string };
  hint?: string;
  placeholder?: string;
  /** Shown with an asterisk; the schema decides what is really required. */
  required?: boolean;
  /** Takes the full width of the form grid. */
  wide?: boolean;
  /**
   * Not shown to vendors: the server sets it for them (a warehouse's owner is the vendor who
   * saves it). See VENDOR_OWNED in src/lib/permissions/ability.ts.
   */
  staffOnly?: boolean;
  /** Drawn only on the add page or only on the edit page (a user's status: a new user is always active). */
  on?: 'add' | 'edit';
  /** text: shown but not editable on the edit page (a user's email: it is how they sign in). */
  readOnlyOnEdit?: boolean;
}

/**
 * The field a bulk action sets on many records at once (Status, or a pincode's serviceability).
 * `noun` names it in the bulk control ("Set serviceability of the selected pincodes"); default "status".
 */
export interface StatusField {
  field: string;
  /**
   * `reason`: this status needs a reason (a review's "Rejected"): the confirmation asks for it under
   * this label and the bulk call sends it as `reason` (bulkStatusWithReasonSchema).
   */
  options: readonly { value: string; label: string; reason?: string }[];
  noun?: string;
}

/**
 * What the DataTable needs from an area: serializable, so an Astro page can hand it to an
 * island without shipping the area's zod schema (see list-view.ts). Read-only lists
 * (the activity log) are this without the form half.
 */
/** The four actions the area kit checks: reading the list, adding, editing, deleting. */
export type KitAction = 'list' | 'create' | 'update' | 'delete';

/**
 * The catalogue's names for the kit's actions when the permission area names them otherwise: the
 * spec's `accountings` area has `earning-list`, not `list`, so commission rules declare
 * `{ list: 'commission-list', create: 'commission-update', … }`. Omitted: the kit action itself.
 */
export type AreaActions = Partial<Record<KitAction, string>>;

export interface AreaListDeclaration {
  key: string;
  permissionArea: PermissionArea;
  /** See AreaActions. */
  actions?: AreaActions;
  label: string;
  singular: string;
  paths: { list: string; add?: string; edit?: string; details?: string };
  columns: AreaColumn[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  titleField: string;
  statusField?: StatusField;
  searchPlaceholder?: string;
  reorder?: ReorderSpec;
  /** The list's page serves `GET /api/<key>/export` itself (a CRUD area always has it). */
  exportable?: boolean;
  /** Bulk actions that answer a file instead of changing rows (the order lists' "Print invoices and labels"). */
  bulkDownloads?: BulkDownload[];
}

/**
 * A bulk action whose answer is a file: `POST /api/<key>/<path>` with the selection (`{ ids }` or
 * `{ filter }`, as the other bulk actions send it). The DataTable offers it to holders of
 * `permission` and saves the file under the name the server gives; a `Result-Summary` header
 * (percent-encoded text) is shown as the toast, a refusal in the table's notice.
 */
export interface BulkDownload {
  path: string;
  label: string;
  permission: Permission;
}

/**
 * Records kept in a hand-made order (storefront widgets, FAQs): the list sorted by `field`
 * offers drag and drop and Move up / Move down, saved through `POST /api/<key>/reorder`
 * (permission `<area>:update`). `field` is a number column of the resource, sortable.
 */
export interface ReorderSpec {
  field: string;
}

export interface AreaDeclaration<S extends z.ZodObject = z.ZodObject> {
  /** The API path segment: GET /api/<key>. */
  key: string;
  /** Where its permissions come from: `<permissionArea>:list|create|update|delete`. */
  permissionArea: PermissionArea;
  /** The permission area's own names for those actions, when they differ (see AreaActions). */
  actions?: AreaActions;
  label: string;
  singular: string;
  /** Page routes (spec §2). `edit` has `:id`. */
  paths: { list: string; add: string; edit: string };
  /** The form's fields: one schema for the island and the API. */
  schema: S;
  /**
   * Permissions the list page needs beside the area's list permission: the spec's menu shows
   * Promotions with `rbac:list` (kept exactly), so its list page needs that and `promotions:list`.
   */
  listAlsoNeeds?: Permission[];
  columns: AreaColumn[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** The record's human name in confirmations, toasts and search (`name`, `title`…). */
  titleField: string;
  /** Bulk status change: the field and its values (omit when the area has none). */
  statusField?: StatusField;
  searchPlaceholder?: string;
  /** The add/edit form, in display order. */
  fields?: AreaField[];
  /**
   * Who may read this area's options (id and label, for pickers in other areas' forms): by
   * default the area's list permission; `auth` lets any signed-in user read them (reference data
   * such as states, which a vendor picks in a warehouse address without managing states).
   */
  optionsAccess?: 'auth';
  /** The API is built but the pages are not yet: the registry declares them planned (an honest 501). */
  pagesPlanned?: boolean;
  /** A hand-made order the list can change: see ReorderSpec. */
  reorder?: ReorderSpec;
  /** "X of this Y" pages of this area (a brand's return policies). */
  scopedLists?: ScopedList[];
  /** Calls the area's own inputs make (see AreaApiRoute). */
  apiRoutes?: AreaApiRoute[];
  /** A read-only page of one record, with other areas' records of it: see DetailsPage. */
  details?: DetailsPage;
  /**
   * Where the add form goes once the new record is saved, `:id` its id, instead of the list: the
   * next step of an add flow of several pages (a product's images after its basic information).
   */
  afterCreate?: string;
}

/**
 * A record's details page (`/delivery-partners/:id/details`): its fields as read-only text, an
 * Edit button for whoever may edit, and below, other areas' records that belong to it (a
 * partner's zones) as that area's table narrowed to this record, with Add pre-selecting it.
 * Rendered by AreaDetailsPage.astro; the list links each row to it ("View").
 */
export interface DetailsPage {
  /** The page route; `:id` is the record's id. */
  path: string;
  /** Its permission is `<permissionArea>:<action>` (`view`). */
  action: string;
  /** The route's title (`Delivery partner details`). */
  title: string;
  /** GET unless the page also takes its own form posts (a product's status actions). */
  methods?: ('GET' | 'POST')[];
  /** Tables of other areas' records of this one: `field` is theirs, holding this record's id. */
  related?: { area: string; field: string; heading: string }[];
}

/** Areas with a Markdown field get `POST /api/<key>/markdown-preview` (the field's Preview). */
export const hasMarkdownField = (area: Pick<AreaDeclaration, 'fields'>) => Boolean(area.fields?.some((f) => f.input === 'markdown'));

/**
 * A form that is not an area's add/edit page (one record for the whole store, such as global
 * settings): the same form kit, sent to `submit` and staying on the page after saving.
 */
export interface FormDeclaration {
  key: string;
  label: string;
  singular: string;
  titleField: string;
  schema: z.ZodObject;
  fields: AreaField[];
  /** Where Cancel goes (and, for an area, where a saved form returns). */
  paths: { list: string };
  submit?: { url: string; method: 'PUT' | 'POST' };
}

/**
 * A field holding a set of another area's records, picked by name (the kit's `relation-set` input:
 * src/components/form/RelationSetField.tsx): a promotion's or a coupon's categories, products or
 * vendors; a user's roles (from `path`, GET /api/users/roles, with no search box: `search: false`).
 */
export function relationSetField(
  name: string,
  label: string,
  related: { noun: string; nouns: string; search?: boolean } & ({ area: string } | { path: string }),
  extra: Pick<AreaField, 'showWhen' | 'hint' | 'staffOnly'> = {},
): AreaField {
  return { name, label, input: 'custom', custom: { component: 'relation-set', options: related, initial: [] }, wide: true, ...extra };
}

/** What a viewer may see of fields or columns: a vendor doesn't get the `staffOnly` ones. */
export const visibleTo = <T extends { staffOnly?: boolean }>(items: T[], userType: string | undefined): T[] =>
  userType === 'vendor' ? items.filter((i) => !i.staffOnly) : items;

/** The catalogue action behind a kit action (`list` → `commission-list` for commission rules). */
export const areaAction = (area: { actions?: AreaActions }, action: string): string => area.actions?.[action as KitAction] ?? action;

/** The permission string a kit action on the area needs: `brands:list`, `accountings:commission-list`. */
export const areaPermission = (area: { permissionArea: string; actions?: AreaActions }, action: string): string =>
  `${area.permissionArea}:${areaAction(area, action)}`;

export function defineArea<S extends z.ZodObject>(area: AreaDeclaration<S>): AreaDeclaration<S> {
  return area;
}

/**
 * A singular or label as it reads inside a sentence: "Add size chart", but "Add FAQ" (a name
 * starting with two capitals is an acronym and keeps its case).
 */
export const inSentence = (noun: string) => (/^[A-Z]{2}/.test(noun) ? noun : noun.toLowerCase());

export const editPath = (area: Pick<AreaDeclaration, 'paths'> | AreaListDeclaration, id: number | string) => (area.paths.edit ?? '').replace(':id', String(id));
