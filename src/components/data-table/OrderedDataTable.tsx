/**
 * The DataTable of an area that declares `reorder`: the same table with its order controls.
 * AreaListPage picks it for such areas, so other lists don't carry the reordering code.
 */
import DataTable, { type DataTableProps } from './DataTable.tsx';
import { useRowOrder } from './row-order.tsx';

export default function OrderedDataTable(props: DataTableProps) {
  return <DataTable {...props} rowOrder={useRowOrder} />;
}
