/** One activity-log entry: who, when, from where, and its diff (field as the form labels it, before, after). Read-only. */
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { formatDate } from '@/components/data-table/format.ts';
import type { Row } from '@/components/data-table/DataTable.tsx';
import { actorLabel, fieldLabel, recordLabel } from './entry-labels.ts';

/** An instant as the log stores it (toISOString, or with an offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  // A time in the diff (a schedule's start, a record's stamps) reads like every other time.
  if (typeof value === 'string' && INSTANT.test(value)) return formatDate(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export default function ActivityDiffDialog({ entry, onClose }: { entry: Row | null; onClose: () => void }) {
  // The last entry stays rendered while the dialog animates out.
  const [shown, setShown] = useState(entry);
  useEffect(() => {
    if (entry) setShown(entry);
  }, [entry]);
  if (!shown) return null;
  const changes = Object.entries((shown.changes ?? {}) as Record<string, [unknown, unknown]>);
  const facts: [string, string][] = [
    ['When', formatDate(shown.at)],
    ['User', actorLabel(shown)],
    ...(shown.impersonated_user_id != null ? [['Acting as', show(shown.impersonated_name ?? `user #${shown.impersonated_user_id}`)] as [string, string]] : []),
    ['Record', recordLabel(shown)],
    ['Area', show(shown.area_label ?? shown.area)],
    ['Action', show(shown.action)],
    ...(shown.record_id != null ? [['Record ID', show(shown.record_id)] as [string, string]] : []),
    ['IP address', show(shown.ip)],
    ['Browser', show(shown.user_agent)],
  ];
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={`${recordLabel(shown)}: ${show(shown.action)}`}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-surface-500">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      {changes.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">Changes</caption>
            <thead className="text-xs text-surface-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Field
                </th>
                <th scope="col" className="py-2 pr-3">
                  Before
                </th>
                <th scope="col" className="py-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-surface-200 dark:divide-surface-700">
              {changes.map(([field, [before, after]]) => (
                <tr key={field}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {fieldLabel(shown, field)}
                  </th>
                  <td className="py-2 pr-3 break-all text-red-700 dark:text-red-300">{show(before)}</td>
                  <td className="py-2 break-all text-green-700 dark:text-green-300">{show(after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4 text-sm text-surface-500">No field changes were recorded for this entry.</p>
      )}
    </Dialog>
  );
}
