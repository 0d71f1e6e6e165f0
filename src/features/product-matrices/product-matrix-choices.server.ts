/**
 * What the product form offers to vary a product by: the active matrix groups with their values
 * in order, and each group's matrices (value sets filling a group's values at once). Read by
 * whoever may edit a product (products:update: vendors included), through
 * GET /api/product-matrix-groups/choices; managing groups and matrices stays staff-only
 * (product-matrix-group:*), as the spec's Stock menu gives it.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { productMatrices, productMatrixGroups, productMatrixItems, productMatrixValues } from './product-matrix.tables.ts';

export interface MatrixGroupChoice {
  id: number;
  name: string;
  kind: 'text' | 'colour';
  values: { id: number; value: string; swatch: string | null }[];
  matrices: { id: number; name: string; value_ids: number[] }[];
}

/** Active groups by name, each with its values in order and its matrices by name. */
export async function matrixGroupChoices(db: DbOrTx): Promise<MatrixGroupChoice[]> {
  const groups = await db
    .select({ id: productMatrixGroups.id, name: productMatrixGroups.name, kind: productMatrixGroups.kind })
    .from(productMatrixGroups)
    .where(eq(productMatrixGroups.status, 'active'))
    .orderBy(asc(productMatrixGroups.name), asc(productMatrixGroups.id));
  if (!groups.length) return [];
  const ids = groups.map((g) => g.id);
  const values = await db
    .select({ id: productMatrixValues.id, groupId: productMatrixValues.groupId, value: productMatrixValues.value, swatch: productMatrixValues.swatch })
    .from(productMatrixValues)
    .where(inArray(productMatrixValues.groupId, ids))
    .orderBy(asc(productMatrixValues.position), asc(productMatrixValues.id));
  const matrices = await db
    .select({ id: productMatrices.id, groupId: productMatrices.groupId, name: productMatrices.name })
    .from(productMatrices)
    .where(inArray(productMatrices.groupId, ids))
    .orderBy(asc(productMatrices.name), asc(productMatrices.id));
  const items = matrices.length
    ? await db
        .select({ matrixId: productMatrixItems.matrixId, valueId: productMatrixItems.valueId })
        .from(productMatrixItems)
        .where(
          inArray(
            productMatrixItems.matrixId,
            matrices.map((m) => m.id),
          ),
        )
        .orderBy(asc(productMatrixItems.position), asc(productMatrixItems.valueId))
    : [];
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    kind: g.kind === 'colour' ? 'colour' : 'text',
    values: values.filter((v) => v.groupId === g.id).map(({ id, value, swatch }) => ({ id, value, swatch })),
    matrices: matrices
      .filter((m) => m.groupId === g.id)
      .map((m) => ({ id: m.id, name: m.name, value_ids: items.filter((i) => i.matrixId === m.id).map((i) => i.valueId) })),
  }));
}
