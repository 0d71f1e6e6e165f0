/**
 * An image upload: the current image (or the chosen file) as a preview, a real file input (so
 * it works with the keyboard and screen readers), remove, and the upload's progress while the
 * form is being sent. A chosen file is checked at once, with the server's own rules and words
 * (src/lib/uploads/image-rules.ts): a file that is not an image, or too large, is refused before
 * anything is sent, and the field keeps what it had. The server still checks what arrives.
 */
import { useEffect, useRef, useState } from 'react';
import type { AreaField } from '@/lib/areas/area.ts';
import { IMAGE_ACCEPT, imageFileProblem, imageRules, sizeText } from '@/lib/uploads/image-rules.ts';
import { buttonClass, errorTextClass, hintClass } from '@/components/ui/styles.ts';
import { FieldLabel } from '@/components/ui/fields.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconImage } from '@/components/ui/icons.ts';

export interface ImageFieldProps {
  field: AreaField;
  id: string;
  /** The saved image's URL, unless removed. */
  current: string | null;
  file: File | null | undefined;
  error?: string;
  /** 0–100 while uploading. */
  progress: number | null;
  maxBytes: number;
  disabled?: boolean;
  /** A file that passed the checks (null: the chosen file was taken back). */
  onFile: (file: File | null) => void;
  /** A file the checks refused, with the server's message for it. */
  onRefused: (message: string) => void;
  onRemove: () => void;
}

export function ImageField({ field, id, current, file, error, progress, maxBytes, disabled, onFile, onRefused, onRemove }: ImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  // The preview is the chosen file itself, through an object URL released when it changes or the field goes.
  useEffect(() => {
    if (!file) return setBlobUrl(null);
    const url = URL.createObjectURL(file);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const preview = blobUrl ?? current;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    const problem = await imageFileProblem(chosen, maxBytes);
    if (problem) {
      // The refused file is not kept: the input shows nothing chosen, the field keeps what it had.
      if (input.current) input.current.value = '';
      onRefused(problem);
    } else onFile(chosen);
  };
  const clear = () => {
    if (input.current) input.current.value = '';
    if (file) onFile(null);
    else onRemove();
    input.current?.focus();
  };

  return (
    <div>
      <FieldLabel htmlFor={id} label={field.label} required={field.required} />
      <div className="mt-1 flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt={`${field.label} preview`} className="size-20 rounded-xl border border-surface-200 object-cover dark:border-surface-700" />
        ) : (
          <span className="inline-flex size-20 items-center justify-center rounded-xl border border-dashed border-surface-300 text-surface-400 dark:border-surface-600">
            <Icon svg={iconImage} className="size-6" />
          </span>
        )}
        <div className="min-w-0 space-y-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            className="block max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-surface-800"
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          />
          {file && (
            <p className="text-xs text-surface-600 dark:text-surface-300" aria-live="polite">
              {`Chosen: ${file.name} (${sizeText(file.size)}). Choose another file to replace it.`}
            </p>
          )}
          {preview && (
            <button type="button" className={buttonClass('ghost', 'sm')} disabled={disabled} onClick={clear}>
              {file && current ? `Keep the current ${field.label.toLowerCase()}` : `Remove ${field.label.toLowerCase()}`}
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
        {field.hint ?? imageRules(maxBytes)}
      </p>
      {/* Said at once: a refusal comes right after the file picker closes, with the focus on the input. */}
      {error && (
        <p id={errorId} role="alert" className={errorTextClass}>
          {error}
        </p>
      )}
    </div>
  );
}
