/** Size charts on the server: the table behind the declaration; the grid is one jsonb value. */
import { products } from '@/features/products/product.tables.ts';
import { countUses, describeUses, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { sql } from 'drizzle-orm';
import { sizeCharts } from './size-chart.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { sizeChartArea, sizesSummary, type SizeChartGrid } from './size-chart.area.ts';

/** "Chest, Waist, Length", from the grid: listed, filtered and searched like a column. */
// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const measurements = sql<string>`(select coalesce(string_agg(m, ', '), '') from jsonb_array_elements_text("size_charts"."grid"->'measurements') as m)`;

export const sizeChartResource = defineResource({
  area: sizeChartArea,
  table: sizeCharts,
  tableName: 'size_charts',
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
      ...recordStamps(r),
    };
  },
  toValues: (input) => ({
    name: input.name,
    unit: input.unit,
    grid: input.grid as unknown as SizeChartGrid,
    notes: input.notes || null,
    status: input.status,
  }),
  unique: [uniqueName(sizeCharts.name, 'size chart')],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, products, products.sizeChartId, ids), one: 'product', many: 'products', verb: 'is used by' }]),
});
