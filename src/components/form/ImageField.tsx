/**
 * An image upload: the current image (or the chosen file) as a preview, a real file input (so
 * it works with the keyboard and screen readers), remove, and the upload's progress while the
 * form is being sent.
 */
import { useEffect, useState } from 'react';
import type { AreaField } from '@/lib/areas/area.ts';
import { buttonClass, errorTextClass, hintClass, labelClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconImage } from '@/components/ui/icons.ts';
import { IMAGE_ACCEPT } from './form-state.ts';

export interface ImageFieldProps {
  field: AreaField;
  id: string;
  /** The saved image's URL, unless removed. */
  current: string | null;
  file: File | null | undefined;
  error?: string;
  /** 0–100 while uploading. */
  progress: number | null;
  disabled?: boolean;
  onFile: (file: File | null) => void;
  onRemove: () => void;
}

export function ImageField({ field, id, current, file, error, progress, disabled, onFile, onRemove }: ImageFieldProps) {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setBlobUrl(null);
    const url = URL.createObjectURL(file);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const preview = blobUrl ?? current;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt={`${field.label} preview`} className="size-20 rounded-xl border border-surface-200 object-cover dark:border-surface-700" />
        ) : (
          <span className="inline-flex size-20 items-center justify-center rounded-xl border border-dashed border-surface-300 text-surface-400 dark:border-surface-600">
            <Icon svg={iconImage} className="size-6" />
          </span>
        )}
        <div className="space-y-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            className="block text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-surface-800"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
          {preview && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              disabled={disabled}
              onClick={() => {
                const input = document.getElementById(id) as HTMLInputElement | null;
                if (input) input.value = '';
                if (file) onFile(null);
                else onRemove();
              }}
            >
              Remove {field.label.toLowerCase()}
            </button>
          )}
        </div>
      </div>
      {progress !== null && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <progress className="h-2 w-48 accent-[var(--primary-color)]" max={100} value={progress} aria-label={`${field.label} upload progress`} />
          <span aria-live="polite">{progress < 100 ? `Uploading… ${progress}%` : 'Uploaded'}</span>
        </div>
      )}
      <p id={hintId} className={hintClass}>
        {field.hint ?? 'PNG, JPEG or WebP, at most 2 MB.'}
      </p>
      {error && (
        <p id={errorId} className={errorTextClass}>
          {error}
        </p>
      )}
    </div>
  );
}
