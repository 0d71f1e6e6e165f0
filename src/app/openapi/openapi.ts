/**
 * The OpenAPI 3.1 document, generated from the route registry and the areas' zod schemas, so it
 * can't drift from what the server enforces. Served at /api/openapi.json; read at /api/docs.
 */
import { z } from 'zod';
import { routes } from '@/app/routes/registry.ts';
import { accessPermissions, type RouteDef } from '@/lib/routes/route.ts';
import { AREAS } from '@/app/areas/areas.ts';
import { bulkDeleteSchema, bulkStatusSchema, markdownPreviewSchema, reorderSchema } from '@/lib/areas/area-schemas.ts';
import { versionSchema } from '@/lib/http/integers.ts';
import { listQuerySchema, MATCH_MODES, PAGE_SIZES } from '@/lib/list/list-query.ts';
import { loginSchema, resetRequestSchema } from '@/features/auth/auth.schema.ts';
import { accountDeletionSchema, passwordChangeSchema, profileSchema } from '@/features/profile/profile.schema.ts';
import { importConfirmSchema, importErrorsQuery, importRowsQuery, importTemplateQuery, importUploadQuery } from '@/features/products/product-import.schema.ts';
import { globalSettingsSchema } from '@/features/global-settings/global-settings.form.ts';
import { grantDiffSchema } from '@/features/roles/grant-diff.schema.ts';
import { markReadSchema, markUnreadSchema } from '@/features/notifications/notification.list.ts';
import { notificationPreferencesSchema } from '@/lib/notifications/kinds.ts';
import { sendPhoneCodeSchema, storeDetailsSchema, storeSetupSchema, verifyPhoneCodeSchema } from '@/features/vendor-onboarding/vendor-onboarding.schema.ts';
import { customerStatusChangeSchema } from '@/features/customers/customer.area.ts';
import { kycSchema, transitionSchema, vendorUpdateSchema } from '@/features/vendors/vendor-kyc.schema.ts';
import { PRODUCT_TRANSITION_NAMES, PRODUCT_TRANSITIONS, productStatusLabel, productTransitionSchema } from '@/features/products/product-transitions.ts';
import { productImagesPatchSchema } from '@/features/products/product-images.schema.ts';
import { adjustmentSchema, startStockingSchema, thresholdSchema } from '@/features/inventories/inventory.schema.ts';
import { ORDER_OPERATIONS } from './orders.openapi.ts';
import { EARNING_OPERATIONS } from './earnings.openapi.ts';
import { PAYOUT_OPERATIONS } from './payouts.openapi.ts';
import { PROMOTION_OPERATIONS } from './promotions.openapi.ts';
import { INVOICE_OPERATIONS } from './invoices.openapi.ts';
import { PAYMENT_OPERATIONS } from './payments.openapi.ts';
import { REVIEW_OPERATIONS } from './reviews.openapi.ts';
import { COUPON_OPERATIONS } from './coupons.openapi.ts';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

const ERROR = { $ref: '#/components/schemas/Error' };
const errorResponses = (route: RouteDef): Json => {
  const out: Json = {};
  const unsafe = route.methods.some((m) => m !== 'GET');
  if (route.access.kind === 'storefront') {
    out['401'] = { description: 'No storefront API key, or a revoked or unknown one.', content: { 'application/json': { schema: ERROR } } };
    out['403'] = { description: 'The key lacks the scope, or a back-office session cookie came along.', content: { 'application/json': { schema: ERROR } } };
    out['429'] = { description: 'Past the key’s requests a minute (Retry-After).', content: { 'application/json': { schema: ERROR } } };
    if (unsafe) out['422'] = { description: 'Invalid input; `errors` names each field.', content: { 'application/json': { schema: ERROR } } };
    return out;
  }
  if (route.access.kind === 'webhook') {
    out['400'] = {
      description: 'A missing or wrong signature, or a body that is not the gateway’s event (logged).',
      content: { 'application/json': { schema: ERROR } },
    };
    return out;
  }
  if (route.access.kind !== 'public' && route.access.kind !== 'guest')
    out['401'] = { description: 'Not signed in.', content: { 'application/json': { schema: ERROR } } };
  if (route.access.kind === 'permission' || route.access.kind === 'vendor' || route.access.kind === 'staff') {
    out['403'] = { description: 'Signed in, but not allowed.', content: { 'application/json': { schema: ERROR } } };
  }
  if (unsafe) {
    out['419'] = { description: 'Missing or wrong CSRF token.', content: { 'application/json': { schema: ERROR } } };
    out['422'] = { description: 'Invalid input; `errors` names each field.', content: { 'application/json': { schema: ERROR } } };
  }
  return out;
};

interface Operation {
  summary: string;
  tag: string;
  body?: z.ZodType;
  multipart?: boolean;
  query?: z.ZodObject;
  /** A request body as a client sends it (the storefront API's examples). */
  example?: unknown;
  /** A successful answer, as an example. */
  responseExample?: unknown;
  /** Request headers the call needs (an Idempotency-Key). */
  headers?: { name: string; required: boolean; description: string; example: string }[];
  /** The answer is a file of this media type (a PDF), not JSON. */
  file?: string;
}

/** What each non-area call does and takes. Routes without an entry still appear, with a generic summary. */
const OPERATIONS: Record<string, Operation> = {
  ...ORDER_OPERATIONS,
  ...EARNING_OPERATIONS,
  ...PAYOUT_OPERATIONS,
  ...PROMOTION_OPERATIONS,
  ...INVOICE_OPERATIONS,
  ...PAYMENT_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...COUPON_OPERATIONS,
  'POST /auth/login': { summary: 'Sign in (form post; sets the session and XSRF-TOKEN cookies)', tag: 'Auth', body: loginSchema },
  'GET /api/user': { summary: 'The current user: name, email, abilities, SMS balance, unread notifications (counted up to 1,000)', tag: 'Auth' },
  'POST /api/user': { summary: 'Update the profile (multipart, may carry an avatar)', tag: 'Profile', body: profileSchema, multipart: true },
  'POST /api/user-password': { summary: 'Change the password', tag: 'Profile', body: passwordChangeSchema },
  'POST /api/user/account-deletion': { summary: 'Request account deletion by phone number (+91 prefixed)', tag: 'Profile', body: accountDeletionSchema },
  'POST /api/user/reset-password': { summary: 'Request a reset link, or set a new password with a token (form post)', tag: 'Auth', body: resetRequestSchema },
  'GET /api/user/sessions': { summary: "The signed-in user's sessions (devices)", tag: 'Profile' },
  'DELETE /api/user/sessions/{id}': { summary: 'Sign out one of the other sessions', tag: 'Profile' },
  'GET /api/user/notification-preferences': {
    summary: 'The kinds of notification this account can receive, each with whether it is also mailed (every one shows in the back-office)',
    tag: 'Profile',
  },
  'PUT /api/user/notification-preferences': {
    summary: 'Choose which kinds of notification are mailed: `mail` lists them, every other kind is shown in the back-office only',
    tag: 'Profile',
    body: notificationPreferencesSchema,
  },
  'GET /api/events': {
    summary:
      'Live updates of one signed-in tab as server-sent events (text/event-stream): notifications, review queue counts, import progress, each only to whom may see it. Send Last-Event-ID to resume; heartbeats are comment lines. Not JSON',
    tag: 'System',
  },
  'POST /logout': { summary: 'Sign out: destroys the session', tag: 'Auth' },
  'POST /api/impersonate/{id}': { summary: 'Start impersonating a user (users:impersonate)', tag: 'Impersonation' },
  'POST /api/users/{id}/resend-invitation': {
    summary: 'Mail a user a new invitation link (7 days, once); older links stop working (users:update)',
    tag: 'Users',
  },
  'POST /api/users/{id}/sign-out-everywhere': { summary: 'End every session of a user, on every server (users:update)', tag: 'Users' },
  'POST /api/users/{id}/reset-two-factor': {
    summary:
      'Turn off a locked-out user’s two-factor sign-in, delete their recovery codes, sign them out everywhere and mail them (users:update; not oneself, nor a user holding permissions the caller lacks)',
    tag: 'Users',
  },
  'POST /api/impersonate-leave': { summary: 'Stop impersonating', tag: 'Impersonation' },
  'POST /api/impersonate-check': { summary: '200 while impersonating, 409 otherwise', tag: 'Impersonation' },
  'GET /api/health': { summary: 'Health check for load balancers', tag: 'System' },
  'GET /api/search': {
    summary:
      'Global search: pages the user may open, then records of every kind they may list (5 a kind, 30 in all), best first: equal, starts with, a word starting with, similar; a SKU, order number or AWB matched exactly or by its start ranks first. Scoped as each list (a vendor finds only their own). Records from 3 characters',
    tag: 'System',
  },
  'GET /api/activity/mine': { summary: "The signed-in person's recent activity, described as the activity log describes it", tag: 'Activity' },
  'GET /api/activity-logs': {
    summary:
      'The activity log (the list contract): who changed what, as whom, with the diff. Each entry also has record_label ("Brand Indigo Loom") and field_labels (the diff\'s fields as the form labels them); filters.type equals "other" hides sign-ins and sign-outs. Read-only',
    tag: 'Activity',
    query: listQuerySchema,
  },
  'GET /api/products': { summary: 'Products (vendor accounts see only their own)', tag: 'Products' },
  'GET /api/products/{id}': { summary: 'One product (another vendor’s product is 404 for a vendor)', tag: 'Products' },
  ...Object.fromEntries(
    PRODUCT_TRANSITION_NAMES.map((action) => {
      const rule = PRODUCT_TRANSITIONS[action];
      const who = rule.by === 'reviewer' ? 'products:approve, staff' : 'products:update; a vendor on their own products, another’s is 404';
      const from = rule.from.map(productStatusLabel).join(', ').toLowerCase();
      return [
        `POST /api/products/{id}/${action}`,
        {
          summary: `${rule.label}: ${from} → ${productStatusLabel(rule.to).toLowerCase()} (${who})${rule.needsReason ? '; 422 without a reason' : ''}${
            rule.needsActiveVendor ? '; 409 unless the store is active' : ''
          }${action === 'submit' ? '; 409 without an active variant with a price' : ''}; 409 when the version is stale or the status does not allow it`,
          tag: 'Products',
          body: productTransitionSchema,
        },
      ];
    }),
  ),
  'GET /api/product-matrix-groups/choices': {
    summary:
      'The active option groups with their ordered values and value sets, for the product form’s options (products:update): `{ data: [{ id, name, kind, values: [{ id, value, swatch }], matrices: [{ id, name, value_ids }] }] }`',
    tag: 'Product Matrix Groups',
  },
  'GET /api/wishlists': {
    summary: 'Customers’ wishlists (the list contract; staff only, read-only): customer, items, updated',
    tag: 'Wishlists',
    query: listQuerySchema,
  },
  'GET /api/wishlists/export': { summary: 'The wishlists list as CSV, with the list’s filters and search', tag: 'Wishlists', query: listQuerySchema },
  'GET /api/wishlists/{id}': { summary: 'One wishlist with its products: name, variant, price in paise, added at', tag: 'Wishlists' },
  'GET /api/products/{id}/images': {
    summary:
      'A product’s images in order: `{ data: [{ id, position, alt, option_value_id, path, width, height, bytes, thumbnail_url }], meta: { version, max } }`',
    tag: 'Products',
  },
  'POST /api/products/{id}/images': {
    summary:
      'Add images (multipart, one or more files as `images`): JPEG, PNG, WebP or AVIF by their bytes, at most 10 MB and 40 megapixels each, at most 10 per product (422 naming the limit). Stored as WebP 160/480/1200 px wide (`<path>-<w>.webp` under /uploads), metadata stripped. Bumps the product’s version',
    tag: 'Products',
    body: z.strictObject({ images: z.array(z.file()) }),
    multipart: true,
  },
  'PATCH /api/products/{id}/images': {
    summary:
      'Reorder (`order`: every image id once), set alt text and tie an image to an option value the product uses (`images`: [{ id, alt?, option_value_id? }]); optional `version` (409 when the product changed)',
    tag: 'Products',
    body: productImagesPatchSchema,
  },
  'DELETE /api/products/{id}/images/{imageId}': { summary: 'Delete an image and its files; the others close up', tag: 'Products' },
  'GET /uploads/products/{product}/{file}': {
    summary: 'A product image’s WebP copy (`<uuid>-<160|480|1200>.webp`), for those who may see the product',
    tag: 'Products',
  },
  'GET /api/products/{id}/delivery': {
    summary: 'A product’s delivery details (add step 3): weight, package size in mm, handling days, ships-from warehouse ids, version',
    tag: 'Products',
  },
  'PUT /api/products/{id}/delivery': {
    summary: 'Save delivery details with the product’s version (409 if stale); warehouse_ids must be the vendor’s own active warehouses (422)',
    tag: 'Products',
  },
  'GET /api/products/{id}/serviceability': { summary: 'Whether any active delivery zone covers ?pincode=, and which', tag: 'Products' },
  'GET /api/products/{id}/variants': {
    summary: 'A product’s options, variants (paise; cost for the vendor only), stock per warehouse and ships-from warehouses',
    tag: 'Products',
  },
  'PUT /api/products/{id}/variants': {
    summary:
      'Save the whole variant grid with the product’s version, in one transaction: options, variants upserted by id, pruned ones deleted (409 with reserved stock), opening stock for new ones; errors per row (variants.2.price)',
    tag: 'Products',
  },
  'POST /api/products/imports': {
    summary:
      'Bulk import: upload a CSV, an XLSX, or a ZIP of one sheet and the photos its images column names, as the request body (?file_name=, staff: ?vendor_id=), streamed to disk up to MAX_IMPORT_BYTES (413); 201 with the job, whose dry run starts at once, and duplicate_of when the same file was imported in the last day',
    tag: 'Products',
    query: importUploadQuery,
  },
  'GET /api/products/imports': { summary: 'The latest bulk import jobs (a vendor’s own)', tag: 'Products' },
  'GET /api/products/imports/{id}': {
    summary: 'A bulk import job: phase (dry_run, import), status, counts, the dry run’s counts and how the import differs',
    tag: 'Products',
  },
  'GET /api/products/imports/{id}/errors': {
    summary: 'A bulk import’s row errors (row, column, message), a page at a time',
    tag: 'Products',
    query: importErrorsQuery,
  },
  'GET /api/products/imports/{id}/rows': {
    summary:
      'The rows of the job’s latest phase that came to one outcome (error, created, updated, unchanged), a page at a time, with their SKU; error rows with what is wrong',
    tag: 'Products',
    query: importRowsQuery,
  },
  'GET /api/products/imports/{id}/error-file': { summary: 'The uploaded file (CSV or XLSX) with an errors column on each row', tag: 'Products' },
  'POST /api/products/imports/{id}/confirm': {
    summary: 'Import the file after its dry run (202); 409 while checking, once imported, or for the same file within a day without confirm_duplicate',
    tag: 'Products',
    body: importConfirmSchema,
  },
  'GET /api/products/import-template': {
    summary:
      'The bulk import template (?format=csv|xlsx, staff: ?vendor_id=): the header, two example products; the XLSX adds a Help sheet with the columns and the vendor’s valid names',
    tag: 'Products',
    query: importTemplateQuery,
  },
  'GET /api/permissions/{id}': { summary: 'A role’s grants (its permission matrix); `locked` says why Super Admin’s can’t change', tag: 'Roles' },
  'POST /api/permissions/{id}': {
    summary: 'Change a role’s grants by difference, in one transaction; granting what you don’t hold is 403',
    tag: 'Roles',
    body: grantDiffSchema,
  },
  'GET /api/user/permissions/{user}': { summary: 'A user’s direct grants, and the permissions their roles give (naming the roles)', tag: 'Roles' },
  'POST /api/user/permissions/{user}': {
    summary: 'Change a user’s direct grants by difference, in one transaction; granting what you don’t hold is 403',
    tag: 'Roles',
    body: grantDiffSchema,
  },
  'GET /api/vendors/options': { summary: 'Vendors as choices for staff pickers: ids and store names (?q= searches, ?ids= labels chosen ones)', tag: 'Vendors' },
  'GET /api/vendors': {
    summary:
      'Vendors (the list contract): store, owner, verified phone, GSTIN, status, products, commission; filters.status equals "pending" is the approval queue',
    tag: 'Vendors',
    query: listQuerySchema,
  },
  'GET /api/vendors/export': { summary: 'The filtered vendors as CSV (times in IST)', tag: 'Vendors', query: listQuerySchema },
  'GET /api/vendors/{id}': {
    summary: 'One vendor: store, KYC (bank account masked and no document links without vendors:view-kyc), status history',
    tag: 'Vendors',
  },
  'PUT /api/vendors/{id}': {
    summary: 'Edit a vendor with `version`: store details, legal name, PAN/GSTIN, address, commission_rate (percent, 2 decimals), payout_cycle',
    tag: 'Vendors',
    body: vendorUpdateSchema,
  },
  'POST /api/vendors/{id}/status': {
    summary: 'approve | reject | suspend | reinstate (vendors:approve); 409 when the status does not allow it, 422 without a reason for reject and suspend',
    tag: 'Vendors',
    body: transitionSchema,
  },
  'GET /api/vendors/{id}/documents/{doc}': {
    summary: 'A KYC document through its signed 5-minute link (vendors:view-kyc); 403 when the link is forged or expired',
    tag: 'Vendors',
  },
  'GET /api/inventories': {
    summary:
      'Stock levels (the list contract): one row per variant per warehouse with SKU, product, option values, on hand, reserved, available, low-stock threshold; filters.stock_state in ["low","out"] is the low-stock view. A vendor sees only their own',
    tag: 'Inventories',
    query: listQuerySchema,
  },
  'POST /api/inventories': {
    summary:
      'Start stocking a variant in another of its vendor’s warehouses, at zero (409 when it is stocked there already; 422 for another vendor’s warehouse)',
    tag: 'Inventories',
    body: startStockingSchema,
  },
  'GET /api/inventories/export': {
    summary: 'The filtered stock levels as CSV (times in IST; ?ids= for chosen rows)',
    tag: 'Inventories',
    query: listQuerySchema,
  },
  'GET /api/inventories/{id}': { summary: 'One stock level', tag: 'Inventories' },
  'PATCH /api/inventories/{id}': { summary: 'Set the low-stock threshold with `version` (409 when stale)', tag: 'Inventories', body: thresholdSchema },
  'POST /api/inventories/{id}/adjustments': {
    summary:
      'Adjust on hand with a reason (received, returned: +; damaged: −; correction: ±) and `version`; 409 when stale or when it would leave fewer units than are reserved, naming what is available',
    tag: 'Inventories',
    body: adjustmentSchema,
  },
  'GET /api/inventories/{id}/movements': {
    summary: 'The level’s ledger, newest first, 20 a page (?page=): who, when, kind, changes, after, note, order',
    tag: 'Inventories',
  },
  'GET /api/vendor/kyc': { summary: "The signed-in vendor's KYC and bank details (account masked) and documents", tag: 'Vendor onboarding' },
  'PUT /api/vendor/kyc': {
    summary: 'Save the KYC step: business type, PAN, GSTIN or enrolment number, bank account (twice), IFSC',
    tag: 'Vendor onboarding',
    body: kycSchema,
  },
  'POST /api/vendor/kyc/documents': {
    summary: 'Upload a KYC document (kind: pan_card | cancelled_cheque | gst_certificate; PDF, JPEG or PNG by its bytes)',
    tag: 'Vendor onboarding',
    multipart: true,
  },
  'POST /api/vendor/onboarding/submit': { summary: 'Submit for approval: draft or rejected → pending; 422 naming what is missing', tag: 'Vendor onboarding' },
  'GET /api/pincodes/lookup': {
    summary:
      'A pincode’s city and state, to fill an address from its pincode: `{ data: { id, pincode, state: {id, name}, city: {id, name} } }`; 404 unknown, 422 not a pincode',
    tag: 'Geography',
    query: z.strictObject({ code: z.string() }),
  },
  'GET /uploads/{file}': { summary: 'A stored upload, served with its content type and nosniff', tag: 'System' },
  'GET /api/openapi.json': { summary: 'This document', tag: 'System' },
  'POST /api/vendor/store-setup': {
    summary: 'Vendor onboarding, step 1: store details (GSTIN, PAN, address)',
    tag: 'Vendor onboarding',
    body: storeSetupSchema,
  },
  'POST /api/vendor/phone/send-code': { summary: 'Vendor onboarding, step 2: send a 6-digit code by SMS', tag: 'Vendor onboarding', body: sendPhoneCodeSchema },
  'POST /api/vendor/phone/verify': { summary: 'Vendor onboarding, step 2: verify the SMS code', tag: 'Vendor onboarding', body: verifyPhoneCodeSchema },
  'GET /api/vendor/onboarding': { summary: "The vendor's onboarding checklist", tag: 'Vendor onboarding' },
  'POST /api/vendor/onboarding/complete': { summary: 'Finish onboarding (needs store setup and a verified phone)', tag: 'Vendor onboarding' },
  'GET /api/vendor/store-details': { summary: "The vendor's store details", tag: 'Vendor onboarding' },
  'GET /api/global-settings': { summary: 'The store’s global settings; secrets only say whether one is saved (`<name>_set`)', tag: 'Global settings' },
  'PUT /api/global-settings': {
    summary: 'Save the global settings; send the `version` you loaded (409 if it changed). Notifies every Super Admin',
    tag: 'Global settings',
    body: globalSettingsSchema,
    multipart: true,
  },
  'GET /api/notifications': { summary: 'The signed-in user’s notifications (the list contract)', tag: 'Notifications', query: listQuerySchema },
  'GET /api/notifications/unread-count': {
    summary: 'How many of the signed-in user’s notifications are unread (the bell; counted up to 1,000)',
    tag: 'Notifications',
  },
  'POST /api/notifications/read': { summary: 'Mark notifications read: `ids`, or `all: true`', tag: 'Notifications', body: markReadSchema },
  'POST /api/notifications/unread': { summary: 'Mark notifications unread again', tag: 'Notifications', body: markUnreadSchema },
  'PUT /api/vendor/store-details': {
    summary: 'Update store details; send the `version` you loaded (409 if it changed)',
    tag: 'Vendor onboarding',
    body: storeDetailsSchema,
  },
  'POST /api/customers/{id}/reveal': {
    summary: 'A customer’s real email and phone (`{ data: { email, phone } }`; lists, reads and CSV mask them). Written to the activity log',
    tag: 'Customers',
  },
  'POST /api/customers/{id}/block': {
    summary: 'Block a customer with a reason (409 when already blocked)',
    tag: 'Customers',
    body: customerStatusChangeSchema,
  },
  'POST /api/customers/{id}/unblock': {
    summary: 'Unblock a customer with a reason (409 when not blocked)',
    tag: 'Customers',
    body: customerStatusChangeSchema,
  },
};

function areaOperation(method: string, pattern: string): Operation | undefined {
  const area = AREAS.find((a) => pattern === `/api/${a.key}` || pattern.startsWith(`/api/${a.key}/`));
  if (!area) return undefined;
  const base = `/api/${area.key}`;
  const tag = area.label;
  const plural = area.label.toLowerCase();
  const one = area.singular.toLowerCase();
  const own = area.apiRoutes?.find((r) => r.method === method && r.pattern === pattern);
  if (own) return { summary: own.summary, tag, ...(own.query ? { query: own.query } : {}) };
  switch (`${method} ${pattern.slice(base.length) || '/'}`) {
    case 'GET /':
      return { summary: `List ${plural}: paged, sorted, searched and filtered on the server`, tag, query: listQuerySchema };
    case 'POST /':
      return { summary: `Create a ${one}`, tag, body: area.schema, multipart: true };
    case 'GET /export':
      return { summary: `Export ${plural} as CSV: the filtered set, or \`ids\``, tag, query: listQuerySchema };
    case 'GET /options':
      return {
        summary: `Choices for pickers: id and label of at most 50 ${plural} matching \`q\` and \`filters\`, or exactly \`ids\``,
        tag,
        query: z.strictObject({ q: z.string().optional(), filters: z.string().optional(), ids: z.string().optional() }),
      };
    case 'POST /bulk-delete':
      return {
        summary: `Delete several ${plural}, all or nothing (409 naming those still used): the selected \`ids\`, or every ${one} matching \`filter\` (\`{ q?, filters? }\` as in the list; \`{}\` is every ${one} you may delete). Answers \`{ message, count }\``,
        tag,
        body: bulkDeleteSchema,
      };
    case 'POST /bulk-status':
      return {
        summary: `Set the status of several ${plural}: the selected \`ids\`, or every ${one} matching \`filter\` (\`{ q?, filters? }\` as in the list; \`{}\` is every ${one} you may change). Answers \`{ message, count }\`: how many changed`,
        tag,
        body: bulkStatusSchema,
      };
    case 'POST /reorder':
      return {
        summary: `Put ${plural} in a new order (\`${area.reorder?.field}\`): \`ids\` is every ${one} matching \`q\` and \`filters\` (the list as loaded), in the new order; 409 when that set changed meanwhile`,
        tag,
        body: reorderSchema,
      };
    case 'POST /markdown-preview':
      return {
        summary: `Render Markdown as the ${plural} show it (raw HTML escaped, only http(s), mailto and relative links): \`{ data: { html } }\``,
        tag,
        body: markdownPreviewSchema,
      };
    case 'GET /{id}':
      return { summary: `One ${one}`, tag };
    case 'PUT /{id}':
      return {
        summary: `Update a ${one}; send the \`version\` you loaded (409 if it changed)`,
        tag,
        body: area.schema.extend({ version: versionSchema }),
        multipart: true,
      };
    case 'GET /{id}/delete-check':
      return {
        summary: `Whether a ${one} can be deleted now (the delete's in-use guards, nothing deleted): \`{ data: { deletable, message, details } }\``,
        tag,
      };
    case 'DELETE /{id}':
      return { summary: `Delete a ${one} (409 while it is still used)`, tag };
  }
  return undefined;
}

const toOpenApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

function accessText(route: RouteDef): string {
  const a = route.access;
  switch (a.kind) {
    case 'permission':
      return a.also?.length
        ? `Needs the permissions ${accessPermissions(a)
            .map((p) => `\`${p}\``)
            .join(' and ')}.`
        : `Needs the permission \`${a.permission}\`.`;
    case 'public':
      return 'Open to anyone.';
    case 'guest':
      return 'For signed-out visitors.';
    case 'vendor':
      return 'Vendor accounts only.';
    case 'staff':
      return 'Staff accounts only.';
    case 'webhook':
      return `A ${a.provider} webhook: server to server, authenticated by the \`X-Razorpay-Signature\` header (HMAC-SHA256 hex of the raw body with the webhook secret from Global settings); no session, no CSRF.`;
    case 'storefront':
      return `Storefront API: a storefront API key with the \`${a.scope}\` scope (\`Authorization: Bearer sk_live_…\`); no session cookie, no CSRF.`;
    default:
      return 'Any signed-in user.';
  }
}

export function openApiDocument(serverUrl = '/'): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (route.kind !== 'api' && !(route.pattern === '/auth/login' || route.pattern === '/api/user/reset-password')) continue;
    const path = toOpenApiPath(route.pattern);
    for (const method of route.methods) {
      if (route.kind === 'page' && method === 'GET') continue;
      const key = `${method} ${path}`;
      const op = OPERATIONS[key] ?? areaOperation(method, path) ?? { summary: `${method} ${path}`, tag: 'Other' };
      const parameters: Json[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      for (const h of op.headers ?? [])
        parameters.push({ name: h.name, in: 'header', required: h.required, description: h.description, schema: { type: 'string' }, example: h.example });
      const storefront = route.access.kind === 'storefront' || route.access.kind === 'webhook';
      if (op.query) {
        const props = (jsonSchema(op.query).properties ?? {}) as Record<string, Json>;
        for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: 'query', required: false, schema });
      }
      const operation: Json = {
        summary: op.summary,
        tags: [op.tag],
        description: accessText(route) + (method === 'GET' || storefront ? '' : ' Send the `X-XSRF-TOKEN` header (the `XSRF-TOKEN` cookie).'),
        ...(parameters.length ? { parameters } : {}),
        responses: {
          '200': op.file
            ? { description: 'The file', content: { [op.file]: { schema: { type: 'string', format: 'binary' } } } }
            : { description: 'OK', ...(op.responseExample ? { content: { 'application/json': { example: op.responseExample } } } : {}) },
          ...errorResponses(route),
        },
        ...(storefront ? { security: [{ storefrontKey: [] }] } : {}),
      };
      if (op.body) {
        const schema = jsonSchema(op.body);
        operation.requestBody = {
          required: true,
          content: op.multipart
            ? { 'multipart/form-data': { schema }, 'application/json': { schema } }
            : storefront
              ? { 'application/json': { schema, ...(op.example ? { example: op.example } : {}) } }
              : { 'application/json': { schema, ...(op.example ? { example: op.example } : {}) }, 'application/x-www-form-urlencoded': { schema } },
        };
      }
      (paths[path] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketplace Back-office API',
      version: '0.1.0',
      description:
        'Every list takes `page`, `per_page` (' +
        PAGE_SIZES.join(', ') +
        '), `sort`, `order`, `q` and `filters` (JSON: per field `{operator: and|or, constraints: [{value, matchMode}]}`; match modes: ' +
        MATCH_MODES.join(', ') +
        ') and answers `{data, meta: {page, per_page, total, total_is_estimate, next_cursor}}`. Errors are `{message, errors?: {field: [..]}}`.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      {
        name: 'Storefront API v1',
        description:
          'For storefronts, under /api/storefront/v1/: API keys with scopes (read-catalogue, write-orders), rate-limited per key, every use logged with the key’s name. Never a back-office session, no CSRF. Money is integer paise; the server prices every order itself.',
      },
    ],
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'bo_session' },
        storefrontKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A storefront API key (sk_live_…), created under Global settings → Storefront API keys.',
        },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
