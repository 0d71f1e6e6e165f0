/** Size charts on the server: the table behind the declaration; the grid is one jsonb value. */
import { sql } from 'drizzle-orm';
import { sizeCharts } from '../../lib/db/schema.ts';
import { defineResource } from '../../lib/areas/resource.server.ts';
import { sizeChartArea, sizesSummary, type SizeChartGrid } from './size-chart.area.ts';

/** "Chest, Waist, Length", from the grid: listed, filtered and searched like a column. */
// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const measurements = sql<string>`(select coalesce(string_agg(m, ', '), '') from jsonb_array_elements_text("size_charts"."grid"->'measurements') as m)`;

export const sizeChartResource = defineResource({
  area: sizeChartArea,
  table: sizeCharts,
  tableName: 'size_charts',
  columns: {
    name: { column: sizeCharts.name, kind: 'text', sortable: true, filterable: true },
    unit: { column: sizeCharts.unit, kind: 'enum', sortable: true, filterable: true, options: ['cm', 'in'] },
    measurements: { column: measurements, kind: 'text', filterable: true },
    status: { column: sizeCharts.status, kind: 'enum', sortable: true, filterable: true, options: ['active', 'inactive'] },
    created_at: { column: sizeCharts.createdAt, kind: 'date', sortable: true, filterable: true },
    updated_at: { column: sizeCharts.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [sizeCharts.name, measurements],
  computed: { measurements },
  serialize: (r) => {
    const grid = r.grid as SizeChartGrid;
    return {
      id: r.id,
      name: r.name,
      unit: r.unit,
      grid,
      sizes_summary: sizesSummary(grid.sizes),
      measurements: r.measurements ?? grid.measurements.join(', '),
      notes: r.notes ?? '',
      status: r.status,
      created_at: (r.createdAt as Date).toISOString(),
      updated_at: (r.updatedAt as Date).toISOString(),
      version: r.version,
    };
  },
  toValues: (input) => ({
    name: input.name,
    unit: input.unit,
    grid: input.grid as unknown as SizeChartGrid,
    notes: input.notes || null,
    status: input.status,
  }),
  unique: [
    { field: 'name', expression: (t) => sql`lower(${(t as typeof sizeCharts).name})`, value: (v) => String(v.name).toLowerCase(), message: 'A size chart with this name already exists.' },
  ],
});
