/** The upload progress of a form being sent, in percent (spec §7). */
export function UploadProgress({ percent, label = 'Uploading' }: { percent: number | null; label?: string }) {
  if (percent === null) return null;
  return (
    <div className="flex items-center gap-3 text-sm" role="status" aria-live="polite">
      <progress className="h-2 w-full overflow-hidden rounded-full accent-[var(--primary-color)]" max={100} value={percent} aria-label={label} />
      <span className="w-24 shrink-0 text-right tabular-nums text-surface-600 dark:text-surface-300">
        {label} {percent}%
      </span>
    </div>
  );
}
