/**
 * Product matrix groups on the server: the group row and its values (product_matrix_values),
 * saved together in one transaction. A value keeps its id when renamed or moved, because
 * products point at value ids (product_options.value_ids, product_variants.option_value_ids);
 * removing a value a product uses, or deleting a group a product or matrix uses, is a 409 naming
 * the count.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { conflict, invalid } from '@/lib/http/errors.ts';
import { productMatrices, productMatrixGroups, productMatrixValues } from './product-matrix.tables.ts';
import { matrixGroupArea, type MatrixGroupInput } from './product-matrix-group.area.ts';

export interface GroupValue {
  id: number;
  value: string;
  swatch: string | null;
  position: number;
}

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const valuesJson = sql<
  GroupValue[]
>`(select coalesce(json_agg(json_build_object('id', v.id, 'value', v.value, 'swatch', v.swatch, 'position', v.position) order by v.position, v.id), '[]'::json) from product_matrix_values v where v.group_id = "product_matrix_groups"."id")`;
const valuesSummary = sql<string>`(select coalesce(string_agg(v.value, ', ' order by v.position, v.id), '') from product_matrix_values v where v.group_id = "product_matrix_groups"."id")`;
const valuesCount = sql<number>`(select count(*)::int from product_matrix_values v where v.group_id = "product_matrix_groups"."id")`;

/**
 * Distinct products using each value: picked among a product's option values, or in a variant's
 * combination (the two agree when the product form saves them; both are counted so neither is missed).
 */
export async function productsUsingValues(db: DbOrTx, valueIds: number[]): Promise<Map<number, number>> {
  if (!valueIds.length) return new Map();
  const rows = await db
    .select({
      id: productMatrixValues.id,
      n: sql<number>`(select count(*)::int from (select po.product_id from product_options po where "product_matrix_values"."id" = any(po.value_ids) union select pv.product_id from product_variants pv where "product_matrix_values"."id" = any(pv.option_value_ids)) used)`,
    })
    .from(productMatrixValues)
    .where(inArray(productMatrixValues.id, valueIds));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One row of the form's values, as the schema gives it. */
interface ValueInput {
  id?: number | null;
  value: string;
  swatch?: string | null;
}

/** What a save does to the group's values: rows kept (by id) and new rows, in order. */
interface ValuesPlan {
  rows: { id?: number; value: string; swatch: string | null }[];
}

export const matrixGroupResource = defineResource({
  area: matrixGroupArea,
  table: productMatrixGroups,
  tableName: 'product_matrix_groups',
  sources: { values_summary: valuesSummary },
  searchColumns: [productMatrixGroups.name, valuesSummary],
  computed: { valuesJson, valuesCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    status: r.status,
    // Ordered, with ids: the product form (part of the products area) and the matrices pick from them.
    values: ((r.valuesJson as GroupValue[] | undefined) ?? []).map((v) => ({ id: v.id, value: v.value, swatch: v.swatch })),
    values_summary: ((r.valuesJson as GroupValue[] | undefined) ?? []).map((v) => v.value).join(', '),
    values_count: Number(r.valuesCount ?? 0),
    ...recordStamps(r),
  }),
  toValues: (input) => ({ name: input.name, kind: input.kind, status: input.status }),
  unique: [uniqueName(productMatrixGroups.name, 'matrix group')],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countDistinctProducts(db, ids), one: 'product', many: 'products', verb: 'is used by' },
      { counts: await countUses(db, productMatrices, productMatrices.groupId, ids), one: 'product matrix', many: 'product matrices', verb: 'is used by' },
    ]),
  hooks: {
    async beforeWrite(db, input: MatrixGroupInput, existing) {
      const values: ValueInput[] = input.values;
      const ids = values.map((v) => v.id).filter((id): id is number => Boolean(id));
      if (ids.length) {
        // A row's id must be one of this group's values: never another group's, never on a new group.
        const owned = existing
          ? new Set(
              (
                await db
                  .select({ id: productMatrixValues.id })
                  .from(productMatrixValues)
                  .where(and(eq(productMatrixValues.groupId, existing.id), inArray(productMatrixValues.id, ids)))
              ).map((r) => r.id),
            )
          : new Set<number>();
        const errors: Record<string, string[]> = {};
        values.forEach((v, i) => {
          if (v.id && !owned.has(v.id)) errors[`values.${i}.id`] = ['This value is not one of this group’s. Reload the page and try again.'];
        });
        if (Object.keys(errors).length) throw invalid(errors);
      }
      const colour = input.kind === 'colour';
      const plan: ValuesPlan = { rows: values.map((v) => ({ id: v.id ?? undefined, value: v.value, swatch: colour ? (v.swatch ?? null) : null })) };
      return { plan };
    },
    async afterWrite(tx, groupId, plan): Promise<Changes> {
      const { rows } = plan as ValuesPlan;
      const current = await tx
        .select()
        .from(productMatrixValues)
        .where(eq(productMatrixValues.groupId, groupId))
        .orderBy(productMatrixValues.position, productMatrixValues.id);
      const kept = new Set(rows.map((r) => r.id).filter(Boolean));
      const removed = current.filter((v) => !kept.has(v.id));
      if (removed.length) {
        const used = await productsUsingValues(
          tx,
          removed.map((v) => v.id),
        );
        const blocked = removed.filter((v) => (used.get(v.id) ?? 0) > 0);
        if (blocked.length)
          throw conflict(
            blocked.length === 1
              ? `“${blocked[0]!.value}” is used by ${plural(used.get(blocked[0]!.id)!, 'product', 'products')}: it can’t be removed.`
              : `${blocked.map((v) => `“${v.value}” is used by ${plural(used.get(v.id)!, 'product', 'products')}`).join('; ')}: they can’t be removed.`,
          );
        await tx.delete(productMatrixValues).where(
          inArray(
            productMatrixValues.id,
            removed.map((v) => v.id),
          ),
        );
      }
      // Renames may swap two names (S ↔ M): park the renamed rows first, so the unique index on
      // (group, lower(value)) never sees two rows with one name in between.
      const byId = new Map(current.map((v) => [v.id, v]));
      const renamed = rows.filter((r) => r.id && byId.get(r.id)!.value !== r.value);
      for (const r of renamed)
        await tx
          .update(productMatrixValues)
          .set({ value: `#${r.id}#renaming` })
          .where(eq(productMatrixValues.id, r.id!));
      for (const [position, r] of rows.entries()) {
        if (r.id) {
          const before = byId.get(r.id)!;
          if (before.value !== r.value || before.swatch !== r.swatch || before.position !== position)
            await tx.update(productMatrixValues).set({ value: r.value, swatch: r.swatch, position }).where(eq(productMatrixValues.id, r.id));
        } else {
          await tx.insert(productMatrixValues).values({ groupId, value: r.value, swatch: r.swatch, position });
        }
      }
      const describe = (list: { value: string; swatch: string | null }[]) => list.map((v) => (v.swatch ? `${v.value} (${v.swatch})` : v.value)).join(', ');
      const before = describe(current);
      const after = describe(rows);
      return before === after ? {} : { values: [before || null, after] };
    },
  },
});

/** Distinct products that use any value of each group, or pick the group as an option. */
async function countDistinctProducts(db: DbOrTx, groupIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({
      id: productMatrixGroups.id,
      n: sql<number>`(select count(*)::int from (select po.product_id from product_options po where po.group_id = "product_matrix_groups"."id" union select pv.product_id from product_variants pv where pv.option_value_ids && array(select v.id from product_matrix_values v where v.group_id = "product_matrix_groups"."id")) used)`,
    })
    .from(productMatrixGroups)
    .where(inArray(productMatrixGroups.id, groupIds));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
