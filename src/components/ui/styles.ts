/**
 * The class strings of the shared controls, so a server-rendered Astro form and a React
 * island draw the same button and the same input. Colours come from the theme variables.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'outline';
export type ButtonSize = 'sm' | 'md';

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 whitespace-nowrap';

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-contrast hover:enabled:bg-primary-hover',
  secondary: 'bg-surface-100 text-surface-800 hover:enabled:bg-surface-200 dark:bg-surface-800 dark:text-surface-100 dark:hover:enabled:bg-surface-700',
  danger: 'bg-red-600 text-white hover:enabled:bg-red-700 dark:bg-red-500 dark:text-surface-950 dark:hover:enabled:bg-red-400',
  ghost: 'text-surface-700 hover:enabled:bg-surface-100 dark:text-surface-200 dark:hover:enabled:bg-surface-800',
  outline:
    'border border-surface-300 text-surface-800 hover:enabled:bg-surface-100 dark:border-surface-700 dark:text-surface-100 dark:hover:enabled:bg-surface-800',
};

const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}${extra ? ` ${extra}` : ''}`;
}

/** Square icon-only buttons (top bar, dialog close). Always give them an aria-label. */
export const iconButtonClass =
  'inline-flex size-9 sm:size-10 shrink-0 items-center justify-center rounded-full text-surface-600 transition-colors hover:bg-surface-100 hover:text-surface-900 dark:text-surface-300 dark:hover:bg-surface-800 dark:hover:text-surface-0';

export const inputClass =
  'block w-full rounded-lg border border-surface-300 bg-surface-0 px-3 py-2 text-sm text-surface-900 placeholder:text-surface-400 outline-none transition-colors focus:border-primary focus-visible:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:border-surface-700 dark:bg-surface-950 dark:text-surface-0';

export const labelClass = 'block text-sm font-medium text-surface-800 dark:text-surface-100';
export const hintClass = 'mt-1 text-xs text-surface-500 dark:text-surface-400';
export const errorTextClass = 'mt-1 text-sm text-red-600 dark:text-red-400';
