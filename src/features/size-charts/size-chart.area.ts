/**
 * Product size charts (spec: /products/product-size-charts, permissions product-size-chart:*;
 * vendors may only list them). A chart is a grid: sizes down (S, M, L or 38, 40…), measurements
 * across (chest, waist…), a number in centimetres or inches in each cell. The add and edit pages
 * are this product's design (docs/areas.md).
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, activeStatus } from '@/lib/areas/field-schemas.ts';
import { defineArea, type CustomInput } from '@/lib/areas/area.ts';
import { numberGridSchema } from './grid.ts';
import { emptyGrid, type GridSpec } from './grid-spec.ts';

export const SIZE_CHART_UNITS = [
  { value: 'cm', label: 'Centimetres (cm)' },
  { value: 'in', label: 'Inches (in)' },
] as const;

export const SIZE_CHART_STATUSES = ACTIVE_STATUSES;

export const SIZE_CHART_GRID: GridSpec = {
  keys: { rows: 'sizes', columns: 'measurements', values: 'values' },
  rowNoun: 'size',
  columnNoun: 'measurement',
  maxRows: 30,
  maxColumns: 15,
  initialRows: ['S', 'M', 'L'],
  initialColumns: ['Chest', 'Waist', 'Length'],
  unitField: 'unit',
};

/** The stored grid: `values[size][measurement]`, a number or null (doesn't apply). */
export interface SizeChartGrid {
  sizes: string[];
  measurements: string[];
  values: (number | null)[][];
}

export const sizeChartSchema = z.strictObject({
  name: z.string('Enter the chart name.').trim().min(1, 'Enter the chart name.').max(120, 'At most 120 characters.'),
  unit: z.enum(['cm', 'in'], { error: 'Choose centimetres or inches.' }).default('cm'),
  grid: numberGridSchema(SIZE_CHART_GRID, { max: 999.9, decimals: 1, nameLength: 30 }),
  notes: z.string().trim().max(2000, 'At most 2000 characters.').optional(),
  status: activeStatus,
});
export type SizeChartInput = z.infer<typeof sizeChartSchema>;

/** "S–XXL, 6 sizes": the first and last size and how many (one size: just its name). */
export function sizesSummary(sizes: readonly string[]): string {
  if (sizes.length === 0) return '';
  if (sizes.length === 1) return `${sizes[0]}, 1 size`;
  return `${sizes[0]}–${sizes.at(-1)}, ${sizes.length} sizes`;
}

/** The area's own input: the grid editor (components/GridField.tsx, named in src/app/areas/field-components.ts). */
const gridInput: CustomInput<GridSpec> = { component: 'number-grid', options: SIZE_CHART_GRID, initial: emptyGrid(SIZE_CHART_GRID) };

export const sizeChartArea = defineArea({
  key: 'size-charts',
  permissionArea: 'product-size-chart',
  label: 'Product Size Charts',
  singular: 'Size chart',
  paths: { list: '/products/product-size-charts', add: '/products/product-size-charts/add', edit: '/products/product-size-charts/:id/edit' },
  schema: sizeChartSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: SIZE_CHART_STATUSES },
  searchPlaceholder: 'Search charts by name or measurement',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: "e.g. Men's shirts (regular fit)" },
    { name: 'unit', label: 'Unit', input: 'select', options: SIZE_CHART_UNITS },
    { name: 'status', label: 'Status', input: 'select', options: SIZE_CHART_STATUSES },
    { name: 'grid', label: 'Sizes and measurements', input: 'custom', custom: gridInput },
    { name: 'notes', label: 'Notes', input: 'textarea', placeholder: 'How to measure, fit advice…', hint: 'Shown to shoppers under the chart.' },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'unit', header: 'Unit', kind: 'enum', sortable: true, filterable: true, options: SIZE_CHART_UNITS },
    { field: 'sizes_summary', header: 'Sizes', kind: 'text' },
    { field: 'measurements', header: 'Measurements', kind: 'text', filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: SIZE_CHART_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
