/**
 * The toasts of the page, top-right (spec §9). One instance lives in the app layout's shell
 * island; anything else shows a toast with `toast()` from src/lib/stores/toast.ts.
 */
import { useStore } from '@nanostores/react';
import { $toasts, holdToast, releaseToast, removeToast, type Toast, type ToastSeverity } from '@/lib/stores/toast.ts';
import { Icon } from './Icon.tsx';
import { iconCircleCheck, iconInfo, iconTriangleAlert, iconXCircle, iconX } from './icons.ts';

export const TOAST_STYLES: Record<ToastSeverity, { box: string; icon: string }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100', icon: iconInfo },
  success: { box: 'border-green-200 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100', icon: iconCircleCheck },
  warn: { box: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100', icon: iconTriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100', icon: iconXCircle },
  secondary: { box: 'border-surface-200 bg-surface-100 text-surface-800 dark:border-surface-700 dark:bg-surface-800 dark:text-surface-100', icon: iconInfo },
  contrast: { box: 'border-surface-900 bg-surface-900 text-surface-0 dark:border-surface-0 dark:bg-surface-0 dark:text-surface-900', icon: iconInfo },
};

function ToastItem({ t }: { t: Toast }) {
  const style = TOAST_STYLES[t.severity];
  return (
    <div
      role={t.severity === 'error' || t.severity === 'warn' ? 'alert' : 'status'}
      className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg ${style.box} ${t.leaving ? 'toast-leave' : 'toast-enter'}`}
      // Someone reading it (pointer) or about to close it (keyboard) keeps it open.
      onPointerEnter={() => holdToast(t.id, 'pointer')}
      onPointerLeave={() => releaseToast(t.id, 'pointer')}
      onFocus={() => holdToast(t.id, 'focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) releaseToast(t.id, 'focus');
      }}
    >
      <Icon svg={style.icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        {t.summary && <p className="font-semibold">{t.summary}</p>}
        {t.detail && <p className={t.summary ? 'mt-0.5' : ''}>{t.detail}</p>}
      </div>
      {t.closable && (
        <button type="button" onClick={() => removeToast(t.id)} className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100" aria-label="Close notification">
          <Icon svg={iconX} className="size-4" />
        </button>
      )}
    </div>
  );
}

export function Toaster({ group }: { group?: string }) {
  const toasts = useStore($toasts).filter((t) => (group === undefined ? true : t.group === group));
  return (
    <div className="pointer-events-none fixed top-4 right-4 z-[1100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-3" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} t={t} />
      ))}
    </div>
  );
}
