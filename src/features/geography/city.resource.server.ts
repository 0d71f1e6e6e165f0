/** Cities on the server: the table behind the declaration, and what only cities have. */
import { eq, inArray, sql } from 'drizzle-orm';
import { cities, pincodes, states } from './geography.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { findReferenced, recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { rowsOf } from '@/lib/db/client.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { cityArea } from './city.area.ts';

// A correlated count, sortable and filterable like a column; qualified by hand (see brands).
const pincodesCount = sql<number>`(select count(*)::int from pincodes p where p.city_id = "cities"."id")`;

export const cityResource = defineResource({
  area: cityArea,
  table: cities,
  tableName: 'cities',
  searchColumns: [cities.name],
  computed: { stateName: states.name, pincodesCount },
  joins: [{ table: states, on: eq(states.id, cities.stateId) }],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    state_id: r.stateId,
    state_name: r.stateName ?? '',
    pincodes_count: Number(r.pincodesCount ?? 0),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({ name: input.name, stateId: input.state_id, status: input.status }),
  resolve: async (db, values, existing) => {
    if (!(await findReferenced(db, states.id, values.stateId, { id: states.id }))) throw invalid({ state_id: ['Choose a state from the list.'] });
    if (existing && existing.stateId !== values.stateId) {
      // Pincodes keep their city's state (for fast filters): a city with pincodes stays where it is.
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pincodes)
        .where(eq(pincodes.cityId, existing.id));
      const n = Number(row?.n ?? 0);
      if (n > 0)
        throw invalid({
          state_id: [`This city has ${n} pincode${n === 1 ? '' : 's'}: it can't move to another state. Move its pincodes to another city first.`],
        });
    }
    return values;
  },
  unique: [
    {
      field: 'name',
      // Unique per state, like the index cities_state_name_lower_idx.
      expression: (t) => sql`${(t as typeof cities).stateId}::text || '|' || lower(${(t as typeof cities).name})`,
      value: (v) => `${v.stateId}|${String(v.name).toLowerCase()}`,
      message: 'This state already has a city with this name.',
    },
  ],
  deleteBlocker: async (db, ids) => {
    const rows = rowsOf<{ city_id: number; n: number }>(
      await db.execute(sql`select ${pincodes.cityId} as city_id, count(*)::int as n from ${pincodes} where ${inArray(pincodes.cityId, ids)} group by 1`),
    );
    return new Map(rows.map((r) => [Number(r.city_id), `it has ${r.n} pincode${Number(r.n) === 1 ? '' : 's'}. Delete or move them first.`]));
  },
});
