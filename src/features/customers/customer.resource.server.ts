/**
 * Customers on the server. Email and phone leave the server masked in every list, read and CSV
 * (serialize); the real values only through revealCustomer (customer-actions.server.ts).
 */
import { sql } from 'drizzle-orm';
import { customers } from './customer.tables.ts';
import { defineResource, type Row } from '@/lib/areas/resource.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { customerArea } from './customer.area.ts';
import { maskEmail, maskPhone } from './customer-pii.ts';

const addressesCount = sql<number>`(select count(*)::int from customer_addresses a where a.customer_id = "customers"."id")`;

/** A customer as the API sends it; `reveal` only for the reveal call and the edit form of a view-pii holder. */
export function customerRecord(r: Row, reveal = false) {
  const email = String(r.email);
  const phone = String(r.phone);
  return {
    id: r.id,
    name: r.name,
    email: reveal ? email : maskEmail(email),
    phone: reveal ? phone : maskPhone(phone),
    pii_masked: !reveal,
    marketing_consent: r.marketingConsent,
    status: r.status,
    blocked_reason: r.blockedReason ?? null,
    blocked_at: r.blockedAt ? (r.blockedAt as Date).toISOString() : null,
    addresses_count: Number(r.addressesCount ?? 0),
    ...recordStamps(r),
  };
}

export const customerResource = defineResource({
  area: customerArea,
  table: customers,
  tableName: 'customers',
  searchColumns: [customers.name, customers.email, customers.phone],
  computed: { addressesCount },
  serialize: (r) => customerRecord(r),
  toValues: (input) => ({
    name: input.name,
    email: input.email,
    phone: input.phone,
    marketingConsent: input.marketing_consent,
  }),
  unique: [
    {
      field: 'email',
      expression: (t) => sql`lower(${(t as typeof customers).email})`,
      value: (v) => String(v.email).toLowerCase(),
      message: 'Another customer already has this email address.',
    },
    {
      field: 'phone',
      expression: (t) => (t as typeof customers).phone,
      value: (v) => v.phone,
      message: 'Another customer already has this mobile number.',
    },
  ],
});
