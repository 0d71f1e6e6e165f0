/**
 * A customer's addresses on the server: the pincode must be India Post's and lie in the chosen
 * state, the city must be the state's; one default per customer (choosing another clears it).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { cities, pincodeIs, pincodes, states } from '@/features/geography/geography.tables.ts';
import { customerAddresses, customers } from './customer.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { customerAddressArea, type CustomerAddressInput } from './customer-address.area.ts';

export const customerAddressResource = defineResource({
  area: customerAddressArea,
  table: customerAddresses,
  tableName: 'customer_addresses',
  searchColumns: [customerAddresses.label, customerAddresses.line1, customerAddresses.pincode],
  computed: { customerName: customers.name, stateName: states.name, cityName: cities.name },
  joins: [
    { table: customers, on: eq(customers.id, customerAddresses.customerId) },
    { table: states, on: eq(states.id, customerAddresses.stateId) },
    { table: cities, on: eq(cities.id, customerAddresses.cityId) },
  ],
  serialize: (r) => ({
    id: r.id,
    customer_id: r.customerId,
    customer_name: r.customerName,
    label: r.label,
    line1: r.line1,
    line2: r.line2 ?? '',
    pincode: r.pincode,
    state_id: r.stateId,
    state_name: r.stateName,
    city_id: r.cityId,
    city_name: r.cityName,
    is_default: r.isDefault,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    customerId: input.customer_id,
    label: input.label,
    line1: input.line1,
    line2: input.line2 || null,
    pincode: input.pincode,
    stateId: input.state_id,
    cityId: input.city_id,
    isDefault: input.is_default,
  }),
  resolve: async (db, values) => {
    const errors: Record<string, string[]> = {};
    if (!(await findReferenced(db, customers.id, values.customerId, { id: customers.id }))) errors.customer_id = ['Choose a customer from the list.'];
    const state = await findReferenced(db, states.id, values.stateId, { id: states.id, name: states.name });
    const city = await findReferenced(db, cities.id, values.cityId, { stateId: cities.stateId });
    const [pin] = await db
      .select({ stateId: pincodes.stateId })
      .from(pincodes)
      .where(pincodeIs(String(values.pincode)))
      .limit(1);
    if (!state) errors.state_id = ['Choose a state from the list.'];
    if (!city) errors.city_id = ['Choose a city from the list.'];
    else if (state && city.stateId !== state.id) errors.city_id = ['This city is not in the chosen state. Choose the city again.'];
    if (!pin) errors.pincode = [`${String(values.pincode)} is not a pincode of India (not in the Pincodes list).`];
    else if (state && pin.stateId !== state.id) errors.pincode = [`Pincode ${String(values.pincode)} is not in ${state.name}. Check the pincode or the state.`];
    if (Object.keys(errors).length) throw invalid(errors);
    return values;
  },
  hooks: {
    // A new default replaces the customer's old one, in the same transaction.
    beforeWrite: async (_db, input: CustomerAddressInput) => ({ plan: { customerId: input.customer_id, isDefault: input.is_default } }),
    afterWrite: async (tx, id, plan): Promise<Changes> => {
      const { customerId, isDefault } = plan as { customerId: number; isDefault: boolean };
      if (!isDefault) return {};
      const cleared = await tx
        .update(customerAddresses)
        .set({ isDefault: false, updatedAt: new Date(), version: sql`${customerAddresses.version} + 1` })
        .where(and(eq(customerAddresses.customerId, customerId), ne(customerAddresses.id, id), eq(customerAddresses.isDefault, true)))
        .returning({ id: customerAddresses.id });
      return cleared.length ? { default_replaced: [cleared.map((c) => c.id), null] } : {};
    },
  },
  optionLabel: (r) => `${String(r.label)}: ${String(r.line1)}, ${String(r.pincode)}`,
});
