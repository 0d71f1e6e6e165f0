/** Warehouses on the server: owned by the platform (no vendor) or by a vendor, who sees only theirs. */
import { productWarehouses } from '@/features/products/product.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { countUses, describeUses, findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { eq, isNull, or, sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { cities, pincodeInC, pincodes, states } from '@/features/geography/geography.tables.ts';
import { warehouses } from './warehouse.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { containsText, escapeLike } from '@/lib/list/list-sql.server.ts';
import { vendorNameSql } from '@/lib/vendors/vendor-name.server.ts';
import { warehouseArea } from './warehouse.area.ts';

// The owner's name, "Platform" for the marketplace's own: never NULL, so it sorts and pages like any text.
const ownerName = sql<string>`coalesce(${vendorNameSql(sql`"warehouses"."vendor_id"`)}, 'Platform')`;
const ownerType = sql<string>`(case when "warehouses"."vendor_id" is null then 'platform' else 'vendor' end)`;

export const warehouseResource = defineResource({
  area: warehouseArea,
  table: warehouses,
  tableName: 'warehouses',
  sources: { owner_type: ownerType },
  // The list filters by state (a column) but not by city; the API offers both.
  queryOnly: { city_id: { column: warehouses.cityId, kind: 'number', filterable: true } },
  searchColumns: [warehouses.name, warehouses.code, pincodes.pincode],
  // A name or code containing the text, or a pincode containing it. Only digits can be in a pincode,
  // and those are looked up through the pincodes' own trigram index: an OR across the join made
  // every search (the global one at each keystroke) hash all 19,000 pincodes first.
  search: (q, bind) =>
    or(
      containsText(warehouses.name, q, bind),
      containsText(warehouses.code, q, bind),
      ...(/^\d+$/.test(q)
        ? [sql`${warehouses.pincodeId} in (select ${pincodes.id} from ${pincodes} where ${pincodeInC} like ${bind(`%${escapeLike(q)}%`)})`]
        : []),
    )!,
  computed: { ownerName, stateName: states.name, cityName: cities.name, pincode: pincodes.pincode },
  joins: [
    { table: states, on: eq(states.id, warehouses.stateId) },
    { table: cities, on: eq(cities.id, warehouses.cityId) },
    { table: pincodes, on: eq(pincodes.id, warehouses.pincodeId) },
  ],
  serialize: (r) => ({
    id: r.id,
    vendor_id: r.vendorId ?? null,
    owner_name: r.ownerName,
    owner_type: r.vendorId ? 'vendor' : 'platform',
    name: r.name,
    code: r.code,
    contact_name: r.contactName,
    contact_phone: r.contactPhone,
    contact_email: r.contactEmail ?? '',
    address_line1: r.addressLine1,
    address_line2: r.addressLine2 ?? '',
    state_id: r.stateId,
    state_name: r.stateName,
    city_id: r.cityId,
    city_name: r.cityName,
    pincode_id: r.pincodeId,
    pincode: r.pincode,
    is_active: r.isActive,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    // For a vendor the resource replaces this with the vendor's own id (VENDOR_OWNED in ability.ts).
    vendorId: input.vendor_id ?? null,
    name: input.name,
    code: input.code,
    contactName: input.contact_name,
    contactPhone: input.contact_phone,
    contactEmail: input.contact_email || null,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2 || null,
    stateId: input.state_id,
    cityId: input.city_id,
    pincodeId: input.pincode_id,
    isActive: input.is_active,
  }),
  resolve: async (db, values) => {
    // The address must hang together: the city in the state, the pincode in the city.
    const errors: Record<string, string[]> = {};
    const state = await findReferenced(db, states.id, values.stateId, { id: states.id });
    const city = await findReferenced(db, cities.id, values.cityId, { stateId: cities.stateId });
    const pin = await findReferenced(db, pincodes.id, values.pincodeId, { cityId: pincodes.cityId });
    if (!state) errors.state_id = ['Choose a state from the list.'];
    if (!city) errors.city_id = ['Choose a city from the list.'];
    else if (state && city.stateId !== state.id) errors.city_id = ['This city is not in the chosen state. Choose the city again.'];
    if (!pin) errors.pincode_id = ['Choose a pincode from the list.'];
    else if (city && pin.cityId !== Number(values.cityId)) errors.pincode_id = ['This pincode is not in the chosen city. Choose the pincode again.'];
    if (values.vendorId !== null && values.vendorId !== undefined) {
      if (!(await findReferenced(db, vendors.id, values.vendorId, { id: vendors.id }))) errors.vendor_id = ['Choose a vendor from the list, or Platform.'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    return values;
  },
  // Codes are unique per owner (the store's own warehouses, or one vendor's): a vendor's choice
  // never depends on, or tells anything about, another owner's codes.
  unique: [
    {
      field: 'code',
      expression: (t) => sql`lower(${(t as typeof warehouses).code})`,
      value: (v) => String(v.code).toLowerCase(),
      within: (t, v) => {
        const owner = (t as typeof warehouses).vendorId;
        return v.vendorId === null || v.vendorId === undefined ? isNull(owner) : eq(owner, Number(v.vendorId));
      },
      message: "This code is already used by another of the owner's warehouses.",
    },
  ],
  optionLabel: (r) => `${r.name} (${r.code})`,
  // Stock and the products shipping from it keep a warehouse (its ledger is history): deactivate it instead.
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, productWarehouses, productWarehouses.warehouseId, ids), one: 'product', many: 'products', verb: 'ships' },
      { counts: await countUses(db, stockLevels, stockLevels.warehouseId, ids), one: 'stock level', many: 'stock levels', verb: 'holds' },
    ]),
});
