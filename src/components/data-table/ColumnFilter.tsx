/**
 * A column's filter button and its popover (spec §9 match modes). The form itself (FilterForm.tsx)
 * loads the first time a filter opens: every list shows the buttons, few people open one.
 */
import { lazy, Suspense } from 'react';
import type { FieldFilter } from '@/lib/list/list-query.ts';
import type { AreaColumn } from '@/lib/areas/area.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { Popover } from './Popover.tsx';
import { iconFunnel } from './icons.ts';

const FilterForm = lazy(() => import('./FilterForm.tsx'));

export function ColumnFilter({ column, value, onApply }: { column: AreaColumn; value?: FieldFilter; onApply: (f?: FieldFilter) => void }) {
  const active = Boolean(value?.constraints.length);
  return (
    <Popover
      label={`Filter ${column.header}`}
      triggerLabel={`Filter ${column.header}${active ? ' (active)' : ''}`}
      triggerClass={`inline-flex size-7 items-center justify-center rounded-md hover:bg-surface-200 dark:hover:bg-surface-700 ${active ? 'text-primary' : 'text-surface-500'}`}
      trigger={<Icon svg={iconFunnel} className={`size-3.5 ${active ? 'fill-current' : ''}`} />}
      width={300}
    >
      {(close) => (
        <Suspense fallback={<p className="text-surface-500">Loading…</p>}>
          <FilterForm column={column} value={value} onApply={onApply} close={close} />
        </Suspense>
      )}
    </Popover>
  );
}
