/**
 * The activity log's list (spec: /activity-logs, permission activity-logs:list). Read-only:
 * no add, edit or delete exists anywhere in the product, only this list and its entries' diffs.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';

export const activityLogList: AreaListDeclaration = {
  key: 'activity-logs',
  permissionArea: 'activity-logs',
  label: 'Activity Logs',
  singular: 'Activity log entry',
  paths: { list: '/activity-logs' },
  titleField: 'id',
  defaultSort: { field: 'at', order: 'desc' },
  searchPlaceholder: 'Search by user, area, action or record',
  columns: [
    { field: 'at', header: 'When', kind: 'date', sortable: true, filterable: true, display: 'date' },
    { field: 'actor_name', header: 'User', kind: 'text', sortable: true, filterable: true },
    { field: 'area', header: 'Area', kind: 'text', sortable: true, filterable: true },
    { field: 'action', header: 'Action', kind: 'text', sortable: true, filterable: true, display: 'status' },
    { field: 'record_id', header: 'Record', kind: 'text', filterable: true, secondary: true },
    { field: 'ip', header: 'IP address', kind: 'text', filterable: true, secondary: true },
  ],
};
