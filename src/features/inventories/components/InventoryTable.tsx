/**
 * The inventories list: the shared DataTable, with the product's name linking to its details page
 * and the option values under it (the SKU itself opens the level's edit page, as a title does).
 */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';

export default function InventoryTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        product_name: (r) => (
          <>
            <a className="text-primary underline-offset-2 hover:underline" href={`/products/${String(r.product_id)}/details`}>
              {String(r.product_name)}
            </a>
            {r.option_values ? <span className="block text-xs text-surface-500 dark:text-surface-400">{String(r.option_values)}</span> : null}
          </>
        ),
      }}
    />
  );
}
