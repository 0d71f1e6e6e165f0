/**
 * The notifications page: the shared DataTable with the notification as its main cell (title,
 * text, link; bold while unread), "Mark read"/"Mark unread" on each row and "Mark all read" in
 * the toolbar. Every change refreshes the list and the bell's count, and so does a notification
 * arriving on the tab's event stream (src/lib/stores/realtime.ts) while the list is open.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import DataTable, { type DataTableProps, type Row } from '@/components/data-table/DataTable.tsx';
import { buttonClass } from '@/components/ui/styles.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { queryKeys } from '@/lib/areas/query-keys.ts';
import { toast } from '@/lib/stores/toast.ts';
import { $unreadNotifications } from '@/lib/stores/notifications.ts';
import { $realtime } from '@/lib/stores/realtime.ts';

type MarkResult = { message: string; data: { changed: number; unread: number } };

function useMark() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const mark = async (path: 'read' | 'unread', body: { ids: number[] } | { all: true }) => {
    setBusy(true);
    try {
      const res = await api.post<MarkResult>(`/api/notifications/${path}`, body);
      $unreadNotifications.set(res.data.unread);
      await client.invalidateQueries({ queryKey: queryKeys('notifications').lists() });
      if ('all' in body) toast({ severity: 'success', summary: 'Done', detail: res.message });
    } catch (e) {
      toast({ severity: 'error', summary: 'Not changed', detail: e instanceof ApiError ? e.message : 'Check the connection and try again.' });
    } finally {
      setBusy(false);
    }
  };
  return { mark, busy };
}

function RowMark({ row }: { row: Row }) {
  const { mark, busy } = useMark();
  const unread = row.state === 'unread';
  return (
    <button
      type="button"
      className={buttonClass('ghost', 'sm')}
      disabled={busy}
      aria-label={`Mark “${String(row.title)}” as ${unread ? 'read' : 'unread'}`}
      onClick={() => void mark(unread ? 'read' : 'unread', { ids: [row.id] })}
    >
      {unread ? 'Mark read' : 'Mark unread'}
    </button>
  );
}

function MarkAll() {
  const { mark, busy } = useMark();
  return (
    <button type="button" className={buttonClass('outline', 'sm')} disabled={busy} onClick={() => void mark('read', { all: true })}>
      Mark all read
    </button>
  );
}

function Notification({ row }: { row: Row }) {
  const unread = row.state === 'unread';
  const title = String(row.title);
  return (
    <div className="max-w-xl">
      <p className={unread ? 'font-semibold' : ''}>
        {unread && <span className="mr-2 inline-block size-2 rounded-full bg-primary align-middle" aria-hidden="true" />}
        {row.link ? (
          <a href={String(row.link)} className="hover:underline">
            {title}
          </a>
        ) : (
          title
        )}
      </p>
      {row.body ? <p className="mt-0.5 text-sm text-surface-600 dark:text-surface-300">{String(row.body)}</p> : null}
    </div>
  );
}

/**
 * New notifications show in the list as they arrive (the list is read again, on its page and
 * filters). Drawn inside the table (in its toolbar), where the table's query client is.
 */
function LiveList() {
  const client = useQueryClient();
  useEffect(
    () =>
      $realtime.listen((message) => {
        if (message?.name === 'notifications') void client.invalidateQueries({ queryKey: queryKeys('notifications').lists() });
      }),
    [client],
  );
  return null;
}

export default function NotificationsTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      toolbar={
        <>
          <LiveList />
          <MarkAll />
        </>
      }
      renderCell={{ title: (r) => <Notification row={r} /> }}
      rowActions={(r) => <RowMark row={r} />}
    />
  );
}
