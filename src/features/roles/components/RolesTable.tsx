/** The roles list: the shared DataTable with a "Permissions" button per role, to its matrix (/permissions/{id}). */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';
import { buttonClass } from '@/components/ui/styles.ts';

export default function RolesTable(props: DataTableProps & { canEditGrants: boolean }) {
  const { canEditGrants, ...table } = props;
  return (
    <DataTable
      {...table}
      rowActions={
        canEditGrants
          ? (r) => (
              <a href={`/permissions/${r.id}`} className={buttonClass('ghost', 'sm')} aria-label={`Permissions of ${String(r.name)}`}>
                Permissions
              </a>
            )
          : undefined
      }
    />
  );
}
