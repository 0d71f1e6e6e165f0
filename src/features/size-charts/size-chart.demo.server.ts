/** Demo size charts: a men's shirt chart in centimetres and a women's kurta chart in inches. */
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { sizeCharts } from './size-chart.tables.ts';

export const seedSizeCharts: DemoSeed = async (tx, { at }) => {
  await tx.insert(sizeCharts).values([
    {
      name: "Men's shirts (regular fit)",
      unit: 'cm',
      grid: {
        sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
        measurements: ['Chest', 'Waist', 'Length', 'Shoulder', 'Sleeve'],
        values: [
          [96.5, 91.5, 72, 43, 61],
          [101.5, 96.5, 74, 44.5, 62],
          [106.5, 101.5, 76, 46, 63],
          [112, 106.5, 78, 47.5, 64],
          [117, 112, 80, 49, 65],
          [122, 117, 82, 50.5, null],
        ],
      },
      notes: 'Body measurements. Measure the chest under the arms, around the fullest part. Between two sizes, choose the larger.',
      status: 'active',
      createdAt: at,
      updatedAt: at,
    },
    {
      name: "Women's kurtas",
      unit: 'in',
      grid: {
        sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
        measurements: ['Bust', 'Waist', 'Hip', 'Length', 'Shoulder'],
        values: [
          [32, 28, 36, 44, 13.5],
          [34, 30, 38, 44, 14],
          [36, 32, 40, 45, 14.5],
          [38, 34, 42, 45, 15],
          [40, 36, 44, 46, 15.5],
          [42, 38, 46, 46, 16],
        ],
      },
      notes: 'Garment measurements in inches. Kurtas are cut straight with side slits; for a loose fit choose one size up.',
      status: 'active',
      createdAt: at,
      updatedAt: at,
    },
  ]);
};
