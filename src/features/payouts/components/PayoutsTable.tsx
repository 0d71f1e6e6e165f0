/** The payouts list: the shared DataTable, with a payout's number opening its details (entries, timeline, actions). */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';

const link = 'text-primary underline-offset-2 hover:underline';

export default function PayoutsTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        number: (r) => (
          <a className={link} href={`/payouts/${String(r.id)}/details`}>
            {String(r.number)}
          </a>
        ),
      }}
    />
  );
}
