/**
 * Cell formats. A date cell is the product's one time format (`12 Jan 2026, 3:04 pm IST`), the
 * same function the right panel, the activity log's entries and the sessions page use.
 */
import { formatIstDateTime } from '@/lib/india/ist.ts';

/** "12 Jan 2026, 3:04 pm IST": see formatIstDateTime. */
export const formatDate = formatIstDateTime;

/** Indian digit grouping: 12,34,567. */
export function formatNumber(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const [int, frac] = Math.abs(n).toString().split('.') as [string, string | undefined];
  const last3 = int.slice(-3);
  const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}${frac ? `.${frac}` : ''}`;
}

const TONES: Record<string, string> = {
  active: 'green',
  /** A yes/no status (a serviceable pincode). */
  true: 'green',
  approved: 'green',
  enabled: 'green',
  published: 'green',
  live: 'green',
  scheduled: 'sky',
  expired: 'amber',
  create: 'green',
  pending: 'amber',
  update: 'sky',
  inactive: 'gray',
  disabled: 'gray',
  draft: 'gray',
  delete: 'red',
  rejected: 'red',
};
export const TONE_CLASSES: Record<string, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  sky: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  gray: 'bg-surface-200 text-surface-700 dark:bg-surface-700 dark:text-surface-200',
};
export const badgeClass = (value: string) => `inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[TONES[value] ?? 'gray']}`;
