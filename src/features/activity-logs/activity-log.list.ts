/**
 * The activity log's list (spec: /activity-logs, permission activity-logs:list). Read-only:
 * no add, edit or delete exists anywhere in the product, only this list and its entries' diffs.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';

/**
 * Entries that record someone signing in or out (or failing to): the most frequent and the least
 * telling, so the list's Type column lets people hide them ("Type: Other activity").
 */
export const SIGN_IN_AREA = 'auth';
// login-password-ok: the password step of a sign-in with two-factor (the code's step writes login).
export const SIGN_IN_ACTIONS = ['login', 'login-failed', 'login-password-ok', 'logout'] as const;

export const ACTIVITY_TYPES = [
  { value: 'sign-in', label: 'Sign-in or sign-out' },
  { value: 'other', label: 'Other activity' },
] as const;

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
    // The record's label names its kind ("Brand Indigo Loom"), so the area is secondary.
    { field: 'record_name', header: 'Record', kind: 'text', filterable: true },
    { field: 'action', header: 'Action', kind: 'text', sortable: true, filterable: true, display: 'status' },
    { field: 'type', header: 'Type', kind: 'enum', filterable: true, options: ACTIVITY_TYPES },
    { field: 'area', header: 'Area', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'record_id', header: 'Record ID', kind: 'text', filterable: true, secondary: true },
    { field: 'ip', header: 'IP address', kind: 'text', filterable: true, secondary: true },
  ],
};
