/**
 * The vendors list on the server: the vendors table with its owner (the first user of the
 * vendor), whether the owner's phone is verified, and its products count, all filterable and
 * sortable on the one list contract. Staff only (the route registry), so no vendor scope.
 */
import { sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { vendorList } from './vendor.list.ts';
import { VENDOR_STATUSES, PAYOUT_CYCLES } from './vendor-status.ts';

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const ownerName = sql<string | null>`(select u.name from users u where u.vendor_id = "vendors"."id" order by u.id limit 1)`;
const phoneVerified = sql<boolean>`coalesce((select u.phone_verified_at is not null from users u where u.vendor_id = "vendors"."id" order by u.id limit 1), false)`;
// Kept by triggers on products (migration 0014): a vendor with thousands of products costs nothing here.
const productsCount = sql<number>`"vendors"."products_count"`;

interface VendorListRow extends Record<string, unknown> {
  id: number;
  storeName: string | null;
  legalName: string | null;
  ownerName: string | null;
  phone: string | null;
  phoneVerified: boolean;
  gstin: string | null;
  city: string | null;
  state: string | null;
  status: string;
  productsCount: number;
  commissionRate: string | null;
  payoutCycle: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const vendorSource = defineReadOnlyList<VendorListRow>({
  area: vendorList,
  table: vendors,
  tableName: 'vendors',
  selection: {
    id: vendors.id,
    storeName: vendors.storeName,
    legalName: vendors.legalName,
    ownerName,
    phone: vendors.phone,
    phoneVerified,
    gstin: vendors.gstin,
    city: vendors.city,
    state: vendors.state,
    status: vendors.status,
    productsCount,
    commissionRate: vendors.commissionRate,
    payoutCycle: vendors.payoutCycle,
    createdAt: vendors.createdAt,
    updatedAt: vendors.updatedAt,
    version: vendors.version,
  },
  columns: {
    store_name: { column: vendors.storeName, kind: 'text', sortable: true, filterable: true },
    legal_name: { column: vendors.legalName, kind: 'text', sortable: true, filterable: true },
    owner_name: { column: ownerName, kind: 'text', sortable: true, filterable: true },
    phone: { column: vendors.phone, kind: 'text', filterable: true },
    phone_verified: { column: phoneVerified, kind: 'boolean', filterable: true },
    gstin: { column: vendors.gstin, kind: 'text', sortable: true, filterable: true },
    city: { column: vendors.city, kind: 'text', sortable: true, filterable: true },
    state: { column: vendors.state, kind: 'text', sortable: true, filterable: true },
    state_id: { column: vendors.stateId, kind: 'number', filterable: true },
    city_id: { column: vendors.cityId, kind: 'number', filterable: true },
    status: { column: vendors.status, kind: 'enum', sortable: true, filterable: true, options: VENDOR_STATUSES.map((s) => s.value) },
    products_count: { column: productsCount, kind: 'number', sortable: true, filterable: true },
    commission_rate: { column: vendors.commissionRate, kind: 'number', sortable: true, filterable: true },
    payout_cycle: { column: vendors.payoutCycle, kind: 'enum', filterable: true, options: PAYOUT_CYCLES.map((p) => p.value) },
    created_at: { column: vendors.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: vendors.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [vendors.storeName, vendors.legalName, ownerName, vendors.phone, vendors.gstin],
  serialize: (r) => ({
    id: r.id,
    store_name: r.storeName,
    legal_name: r.legalName,
    owner_name: r.ownerName,
    phone: r.phone,
    phone_verified: Boolean(r.phoneVerified),
    gstin: r.gstin,
    city: r.city,
    state: r.state,
    status: r.status,
    products_count: Number(r.productsCount ?? 0),
    commission_rate: r.commissionRate === null ? null : Number(r.commissionRate),
    payout_cycle: r.payoutCycle,
    ...recordStamps(r),
  }),
});
