/**
 * The activity log's list: the shared DataTable with its own cells (who acted and as whom, the
 * record and the area by their names) and a "View" button per entry that opens its diff. The dialog's code (Headless UI)
 * loads only when an entry is first opened.
 */
import { lazy, Suspense, useState } from 'react';
import DataTable, { type DataTableProps, type Row } from '@/components/data-table/DataTable.tsx';
import { buttonClass } from '@/components/ui/styles.ts';
import { actorLabel, recordLabel } from './entry-labels.ts';

const ActivityDiffDialog = lazy(() => import('./ActivityDiffDialog.tsx'));

export default function ActivityLogTable(props: DataTableProps) {
  const [entry, setEntry] = useState<Row | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <DataTable
        {...props}
        renderCell={{
          actor_name: (r) => (
            <>
              {actorLabel(r)}
              {r.impersonated_user_id != null && (
                <span className="block text-xs text-surface-500">as {String(r.impersonated_name ?? `user #${r.impersonated_user_id}`)}</span>
              )}
            </>
          ),
          record_name: (r) => recordLabel(r),
          area: (r) => String(r.area_label ?? r.area),
        }}
        rowActions={(r) => (
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            aria-label={`View entry ${r.id}: ${recordLabel(r)} ${String(r.action)}`}
            onClick={() => {
              setEntry(r);
              setOpened(true);
            }}
          >
            View
          </button>
        )}
      />
      {opened && (
        <Suspense fallback={null}>
          <ActivityDiffDialog entry={entry} onClose={() => setEntry(null)} />
        </Suspense>
      )}
    </>
  );
}
