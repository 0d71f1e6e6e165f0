/**
 * Product matrices on the server: the matrix row and its items (product_matrix_items: which of
 * the group's values, in which order), saved in one transaction. Every chosen value must be one
 * of the chosen group's (422 beside the picker).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { findReferenced, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { productMatrices, productMatrixGroups, productMatrixItems, productMatrixValues } from './product-matrix.tables.ts';
import { matrixArea, type MatrixInput } from './product-matrix.area.ts';

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const itemsOf = (select: string) =>
  sql.raw(`(select ${select} from product_matrix_items i join product_matrix_values v on v.id = i.value_id where i.matrix_id = "product_matrices"."id")`);
const valueIdsJson = itemsOf(`coalesce(json_agg(v.id order by i.position, v.id), '[]'::json)`);
const valuesSummary = itemsOf(`coalesce(string_agg(v.value, ', ' order by i.position, v.id), '')`);
const valuesCount = itemsOf('count(*)::int');

interface ItemsPlan {
  valueIds: number[];
}

export const matrixResource = defineResource({
  area: matrixArea,
  table: productMatrices,
  tableName: 'product_matrices',
  sources: { values_summary: valuesSummary },
  searchColumns: [productMatrices.name, valuesSummary],
  computed: { groupName: productMatrixGroups.name, valueIdsJson, valuesCount, valuesSummary },
  joins: [{ table: productMatrixGroups, on: eq(productMatrixGroups.id, productMatrices.groupId) }],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    group_id: r.groupId,
    group_name: r.groupName ?? '',
    value_ids: (r.valueIdsJson as number[] | undefined) ?? [],
    values_summary: r.valuesSummary ?? '',
    values_count: Number(r.valuesCount ?? 0),
    description: r.description ?? '',
    ...recordStamps(r),
  }),
  toValues: (input) => ({ name: input.name, groupId: input.group_id, description: input.description || null }),
  resolve: async (db, values) => {
    if (!(await findReferenced(db, productMatrixGroups.id, values.groupId, { id: productMatrixGroups.id })))
      throw invalid({ group_id: ['Choose a group from the list.'] });
    return values;
  },
  unique: [uniqueName(productMatrices.name, 'product matrix')],
  hooks: {
    async beforeWrite(db, input: MatrixInput) {
      const found = await db
        .select({ id: productMatrixValues.id })
        .from(productMatrixValues)
        .where(and(eq(productMatrixValues.groupId, input.group_id), inArray(productMatrixValues.id, input.value_ids)));
      if (found.length !== input.value_ids.length) throw invalid({ value_ids: ['Choose values of the chosen group only.'] });
      return { plan: { valueIds: input.value_ids } satisfies ItemsPlan };
    },
    async afterWrite(tx, matrixId, plan): Promise<Changes> {
      const { valueIds } = plan as ItemsPlan;
      const names = async (ids: number[]) => {
        if (!ids.length) return '';
        const rows = await tx
          .select({ id: productMatrixValues.id, value: productMatrixValues.value })
          .from(productMatrixValues)
          .where(inArray(productMatrixValues.id, ids));
        const byId = new Map(rows.map((r) => [r.id, r.value]));
        return ids.map((id) => byId.get(id)).join(', ');
      };
      const before = (
        await tx
          .select({ id: productMatrixItems.valueId })
          .from(productMatrixItems)
          .where(eq(productMatrixItems.matrixId, matrixId))
          .orderBy(productMatrixItems.position, productMatrixItems.valueId)
      ).map((r) => r.id);
      if (before.join(',') === valueIds.join(',')) return {};
      await tx.delete(productMatrixItems).where(eq(productMatrixItems.matrixId, matrixId));
      await tx.insert(productMatrixItems).values(valueIds.map((valueId, position) => ({ matrixId, valueId, position })));
      return { values: [before.length ? await names(before) : null, await names(valueIds)] };
    },
  },
});
