/**
 * The payments list: the shared DataTable, with a row's order number opening the order's details
 * (its payments and refunds are there too).
 */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';

const link = 'text-primary underline underline-offset-2';

export default function PaymentsTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        order_number: (r) => (
          <a className={link} href={`/orders/${String(r.order_id)}/details`}>
            {String(r.order_number)}
          </a>
        ),
      }}
    />
  );
}
