/** Pincodes on the server: the table behind the declaration, and what only pincodes have. */
import { eq, sql } from 'drizzle-orm';
import { deliveryZonePincodes } from '@/features/delivery-zones/delivery-zone.tables.ts';
import { cities, pincodeInC, pincodes, states } from './geography.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { countUses, describeUses, findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { pincodeArea } from './pincode.area.ts';

/**
 * Office names are searched (ILIKE) in the "C" collation too: case-folding there is ASCII-only and
 * several times faster than in C.UTF-8, and India Post's names are ASCII.
 */
const postOfficesC = sql<string>`${pincodes.postOffices} collate "C"`;

/** "A, B , ,C" → ["A", "B", "C"]: the names as the form sends them. */
function officeNames(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export const pincodeResource = defineResource({
  area: pincodeArea,
  table: pincodes,
  tableName: 'pincodes',
  sources: { pincode: pincodeInC, post_offices: postOfficesC },
  queryOnly: { post_office_count: { column: pincodes.postOfficeCount, kind: 'number', sortable: true, filterable: true } },
  searchColumns: [pincodeInC, postOfficesC],
  computed: { cityName: cities.name, stateName: states.name },
  // Joined, not subqueried: sorted by city name, the query walks the cities' name index.
  joins: [
    { table: cities, on: eq(cities.id, pincodes.cityId) },
    { table: states, on: eq(states.id, pincodes.stateId) },
  ],
  serialize: (r) => ({
    id: r.id,
    pincode: r.pincode,
    city_id: r.cityId,
    city_name: r.cityName ?? '',
    state_id: r.stateId,
    state_name: r.stateName ?? '',
    post_office_count: r.postOfficeCount,
    post_offices: r.postOffices,
    is_serviceable: r.isServiceable,
    ...recordStamps(r),
  }),
  toValues: (input) => {
    const offices = officeNames(input.post_offices);
    // stateId here is only what the form chose, checked against the city's in resolve.
    return {
      pincode: input.pincode,
      cityId: input.city_id,
      stateId: input.state_id ?? null,
      isServiceable: input.is_serviceable,
      postOffices: offices.join(', '),
      postOfficeCount: offices.length,
    };
  },
  resolve: async (db, values) => {
    // The state is the city's: stored on the pincode so lists filter and sort on it without a join.
    const city = await findReferenced(db, cities.id, values.cityId, { stateId: cities.stateId });
    if (!city) throw invalid({ city_id: ['Choose a city from the list.'] });
    if (values.stateId !== null && values.stateId !== undefined && Number(values.stateId) !== city.stateId) {
      throw invalid({ city_id: ['This city is not in the chosen state. Choose the city again.'] });
    }
    return { ...values, stateId: city.stateId };
  },
  unique: [{ field: 'pincode', expression: () => pincodeInC, value: (v) => v.pincode, message: 'This pincode already exists.' }],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, deliveryZonePincodes, deliveryZonePincodes.pincodeId, ids), one: 'delivery zone', many: 'delivery zones', verb: 'is in' },
      { counts: await countUses(db, warehouses, warehouses.pincodeId, ids), one: 'warehouse', many: 'warehouses', verb: 'is the address of' },
    ]),
});
