/**
 * Demo option groups (Size, Colour with swatches, Material) and two value sets: "Adult sizes"
 * (S–XXL) and "Festive colours" (Maroon, Gold, Red).
 */
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { productMatrices, productMatrixGroups, productMatrixItems, productMatrixValues } from './product-matrix.tables.ts';

const GROUPS: { name: string; kind: 'text' | 'colour'; values: [string, string?][] }[] = [
  { name: 'Size', kind: 'text', values: [['XS'], ['S'], ['M'], ['L'], ['XL'], ['XXL']] },
  {
    name: 'Colour',
    kind: 'colour',
    values: [
      ['Red', '#d00000'],
      ['Indigo', '#3f51b5'],
      ['White', '#ffffff'],
      ['Black', '#000000'],
      ['Maroon', '#800000'],
      ['Gold', '#d4af37'],
    ],
  },
  { name: 'Material', kind: 'text', values: [['Cotton'], ['Linen'], ['Silk'], ['Denim']] },
];

const MATRICES = [
  { name: 'Adult sizes', group: 'Size', values: ['S', 'M', 'L', 'XL', 'XXL'], description: 'Regular adult apparel sizes.' },
  { name: 'Festive colours', group: 'Colour', values: ['Maroon', 'Gold', 'Red'], description: 'Wedding and festival season colours.' },
];

export const seedProductMatrices: DemoSeed = async (tx, { at }) => {
  const valueIds = new Map<string, number>();
  const groupIds = new Map<string, number>();
  for (const g of GROUPS) {
    const [group] = await tx
      .insert(productMatrixGroups)
      .values({ name: g.name, kind: g.kind, status: 'active', createdAt: at, updatedAt: at })
      .returning({ id: productMatrixGroups.id });
    groupIds.set(g.name, group!.id);
    const values = await tx
      .insert(productMatrixValues)
      .values(g.values.map(([value, swatch], position) => ({ groupId: group!.id, value, swatch: swatch ?? null, position })))
      .returning({ id: productMatrixValues.id, value: productMatrixValues.value });
    for (const v of values) valueIds.set(`${g.name}:${v.value}`, v.id);
  }
  for (const m of MATRICES) {
    const [matrix] = await tx
      .insert(productMatrices)
      .values({ name: m.name, groupId: groupIds.get(m.group)!, description: m.description, createdAt: at, updatedAt: at })
      .returning({ id: productMatrices.id });
    await tx.insert(productMatrixItems).values(m.values.map((v, position) => ({ matrixId: matrix!.id, valueId: valueIds.get(`${m.group}:${v}`)!, position })));
  }
};
