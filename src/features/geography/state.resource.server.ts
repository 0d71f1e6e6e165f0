/** States on the server: the table behind the declaration, and what only states have. */
import { inArray, sql } from 'drizzle-orm';
import { cities, states } from './geography.tables.ts';
import { recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { rowsOf } from '@/lib/db/client.server.ts';
import { stateArea } from './state.area.ts';

// Correlated counts, sortable and filterable like columns; qualified by hand (see brands).
const citiesCount = sql<number>`(select count(*)::int from cities c where c.state_id = "states"."id")`;
const pincodesCount = sql<number>`(select count(*)::int from pincodes p where p.state_id = "states"."id")`;

export const stateResource = defineResource({
  area: stateArea,
  table: states,
  tableName: 'states',
  searchColumns: [states.name, states.code],
  computed: { citiesCount, pincodesCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    gst_state_code: r.gstStateCode,
    is_union_territory: r.isUnionTerritory,
    cities_count: Number(r.citiesCount ?? 0),
    pincodes_count: Number(r.pincodesCount ?? 0),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    code: input.code,
    gstStateCode: input.gst_state_code,
    isUnionTerritory: input.is_union_territory,
    status: input.status,
  }),
  unique: [
    uniqueName(states.name, 'state'),
    { field: 'code', expression: (t) => (t as typeof states).code, value: (v) => v.code, message: 'Another state already has this code.' },
    {
      field: 'gst_state_code',
      expression: (t) => (t as typeof states).gstStateCode,
      value: (v) => v.gstStateCode,
      message: 'Another state already has this GST state code.',
    },
  ],
  deleteBlocker: async (db, ids) => {
    const rows = rowsOf<{ state_id: number; n: number }>(
      await db.execute(sql`select ${cities.stateId} as state_id, count(*)::int as n from ${cities} where ${inArray(cities.stateId, ids)} group by 1`),
    );
    return new Map(rows.map((r) => [Number(r.state_id), `it has ${r.n} ${Number(r.n) === 1 ? 'city' : 'cities'}. Delete or move them first.`]));
  },
});
