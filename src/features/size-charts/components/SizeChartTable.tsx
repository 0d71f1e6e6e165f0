/**
 * The size-chart list: the shared DataTable, with each chart's grid behind a native disclosure
 * on its Sizes cell (no script), so everyone who may list charts (vendors too, read-only) can
 * read the numbers without opening a form.
 */
import DataTable, { type DataTableProps, type Row } from '@/components/data-table/DataTable.tsx';
import type { SizeChartGrid } from '@/features/size-charts/size-chart.area.ts';

function GridTable({ row }: { row: Row }) {
  const grid = row.grid as SizeChartGrid;
  const unit = String(row.unit ?? '');
  return (
    <table className="mt-2 text-xs">
      <caption className="sr-only">
        {String(row.name)}, in {unit}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="px-2 py-1 text-left font-semibold">
            Size
          </th>
          {grid.measurements.map((m) => (
            <th key={m} scope="col" className="px-2 py-1 text-right font-semibold">
              {m} ({unit})
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-surface-200 dark:divide-surface-700">
        {grid.sizes.map((size, i) => (
          <tr key={size}>
            <th scope="row" className="px-2 py-1 text-left font-medium">
              {size}
            </th>
            {grid.measurements.map((m, j) => (
              <td key={m} className="px-2 py-1 text-right tabular-nums">
                {grid.values[i]?.[j] ?? '–'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function SizeChartTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        sizes_summary: (row) => (
          <details>
            <summary className="cursor-pointer whitespace-nowrap" aria-label={`${String(row.sizes_summary)}: show the ${String(row.name)} chart`}>
              {String(row.sizes_summary)}
            </summary>
            <GridTable row={row} />
          </details>
        ),
      }}
    />
  );
}
