/**
 * The order lists: the shared DataTable, with a sub-order's number opening its order's details
 * and its AWB linking to the courier's tracking page.
 */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';

const link = 'text-primary underline-offset-2 hover:underline';

export default function OrdersTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        number: (r) => (
          <a className={link} href={`/orders/${String(r.order_id)}/details`}>
            {String(r.number)}
          </a>
        ),
        awb: (r) =>
          r.awb ? (
            r.tracking_url ? (
              <a className={link} href={String(r.tracking_url)} target="_blank" rel="noopener noreferrer">
                {String(r.awb)}
              </a>
            ) : (
              String(r.awb)
            )
          ) : (
            <span className="text-surface-500 dark:text-surface-400">—</span>
          ),
      }}
    />
  );
}
