/**
 * Add step 2: a product's images. Upload (each file on its own request, one after another, with
 * its progress bar, its failure and a retry: a weak connection loses one file, not the batch),
 * reorder (drag, or the Move up/down buttons from the keyboard), alt text and the option value an
 * image shows, delete with a confirmation. Every change is saved at once through the one HTTP
 * client; the server's answer (the images in order) replaces what is shown.
 *
 * Server-rendered first: the upload form is a real multipart form posting to the page, so it
 * works before (or without) JavaScript; once hydrated, submitting it uploads through XHR instead.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { PHOTO_ACCEPT, photoFileProblem, photoRules } from '@/lib/uploads/image-rules.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { Button } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconUpload } from '@/components/ui/icons.ts';
import { buttonClass, errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import {
  MAX_ALT_LENGTH,
  productImageAttributes,
  tooManyImagesMessage,
  type ImageOptionValue,
  type ProductImageJson,
} from '@/features/products/product-images.ts';

export interface ProductImageManagerProps {
  productId: number;
  images: ProductImageJson[];
  optionValues: ImageOptionValue[];
  max: number;
  /** The no-JavaScript form's CSRF field. */
  csrf: string;
}

interface Upload {
  key: number;
  file: File;
  /** 0–100 while sending; null before it starts. */
  progress: number | null;
  state: 'waiting' | 'uploading' | 'failed' | 'refused';
  error?: string;
}

type Answer = { data: ProductImageJson[] };

const messageOf = (error: unknown): string => {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.fieldErrors).flat();
    return fieldMessages.length ? fieldMessages.join(' ') : error.message;
  }
  return 'Something went wrong. Try again.';
};

let nextKey = 1;

export default function ProductImageManager({ productId, images: initial, optionValues, max, csrf }: ProductImageManagerProps) {
  const base = `/api/products/${productId}/images`;
  const [images, setImages] = useState(initial);
  const [uploads, setUploadsState] = useState<Upload[]>([]);
  // The queue as the uploading loop reads it (state is a snapshot of a render; this is now).
  const uploadsNow = useRef<Upload[]>([]);
  const setUploads = (change: (list: Upload[]) => Upload[]) => {
    uploadsNow.current = change(uploadsNow.current);
    setUploadsState(uploadsNow.current);
  };
  const [altDrafts, setAltDrafts] = useState<Record<number, string>>({});
  const [fieldState, setFieldState] = useState<Record<number, { saving?: boolean; error?: string; saved?: boolean }>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const [pageError, setPageError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const busy = useRef(false);
  const ids = useId();

  // After a keyboard move, the focus stays on the button that was pressed, in the image's new place.
  useEffect(() => {
    if (!refocus.current) return;
    moveButtons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [images]);

  const active = uploads.filter((u) => u.state === 'waiting' || u.state === 'uploading' || u.state === 'failed').length;
  const room = max - images.length - active;

  const patchUpload = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Sends waiting files one at a time (a phone on 3G sends one well rather than ten badly). */
  const pump = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (;;) {
        const next = uploadsNow.current.find((u) => u.state === 'waiting');
        if (!next) break;
        patchUpload(next.key, { state: 'uploading', progress: 0, error: undefined });
        const body = new FormData();
        body.append('images', next.file, next.file.name);
        try {
          const answer = await api.post<Answer>(base, body, { onUploadProgress: (progress) => patchUpload(next.key, { progress }) });
          setImages(answer.data);
          setUploads((list) => list.filter((u) => u.key !== next.key));
          setAnnouncement(`${next.file.name} uploaded.`);
        } catch (error) {
          patchUpload(next.key, { state: 'failed', error: messageOf(error) });
          setAnnouncement(`${next.file.name} failed to upload.`);
        }
      }
    } finally {
      busy.current = false;
    }
  };

  const addFiles = async (files: File[]) => {
    setPageError('');
    const added: Upload[] = [];
    let free = room;
    for (const file of files) {
      const problem = await photoFileProblem(file);
      if (problem) added.push({ key: nextKey++, file, progress: null, state: 'refused', error: problem });
      else if (free <= 0) added.push({ key: nextKey++, file, progress: null, state: 'refused', error: tooManyImagesMessage(max - free) });
      else {
        free--;
        added.push({ key: nextKey++, file, progress: null, state: 'waiting' });
      }
    }
    setUploads((list) => [...list, ...added]);
    if (fileInput.current) fileInput.current.value = '';
    void pump();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const files = [...(fileInput.current?.files ?? [])];
    if (files.length) void addFiles(files);
    else setPageError('Choose at least one image to upload.');
  };

  const retry = (key: number) => {
    patchUpload(key, { state: 'waiting', progress: null, error: undefined });
    void pump();
  };
  const dismiss = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  const saveOrder = async (order: ProductImageJson[], focusKey: string | null, said: string) => {
    const before = images;
    setImages(order.map((image, position) => ({ ...image, position })));
    refocus.current = focusKey;
    setPageError('');
    try {
      const answer = await api.patch<Answer>(base, { order: order.map((image) => image.id) });
      refocus.current = focusKey;
      setImages(answer.data);
      setAnnouncement(said);
    } catch (error) {
      setImages(before);
      setPageError(`The new order was not saved: ${messageOf(error)}`);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= images.length) return;
    const order = [...images];
    const [moved] = order.splice(index, 1);
    order.splice(to, 0, moved!);
    // Keep the focus on the pressed button; at an end it is disabled, so the other one takes it.
    const edge = to === 0 || to === images.length - 1;
    const direction = edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    void saveOrder(order, `${moved!.id}-${direction}`, `Image ${index + 1} moved to position ${to + 1} of ${images.length}.`);
  };

  const onDropOnImage = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging === null || dragging === index) return setDragging(null);
    const order = [...images];
    const [moved] = order.splice(dragging, 1);
    order.splice(index, 0, moved!);
    setDragging(null);
    void saveOrder(order, null, `Image moved to position ${index + 1} of ${images.length}.`);
  };

  const saveImage = async (image: ProductImageJson, change: { alt?: string; option_value_id?: number | null }) => {
    setFieldState((s) => ({ ...s, [image.id]: { saving: true } }));
    try {
      const answer = await api.patch<Answer>(base, { images: [{ id: image.id, ...change }] });
      setImages(answer.data);
      if (change.alt !== undefined) setAltDrafts(({ [image.id]: _saved, ...rest }) => rest);
      setFieldState((s) => ({ ...s, [image.id]: { saved: true } }));
    } catch (error) {
      setFieldState((s) => ({ ...s, [image.id]: { error: messageOf(error) } }));
    }
  };

  /** Deletes after the shell's confirmation (askConfirm); its button waits while this runs. */
  const remove = (image: ProductImageJson, index: number) =>
    askConfirm({
      title: `Delete image ${index + 1}?`,
      message: 'The image and its resized copies are deleted for good.',
      confirmLabel: 'Delete',
      cancelLabel: 'Keep it',
      danger: true,
      onConfirm: async () => {
        setPageError('');
        try {
          const answer = await api.delete<Answer>(`${base}/${image.id}`);
          setImages(answer.data);
          setAnnouncement('Image deleted.');
        } catch (error) {
          setPageError(`The image was not deleted: ${messageOf(error)}`);
        }
      },
    });

  const onDropFiles = (event: DragEvent) => {
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    setDropActive(false);
    void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-6">
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {pageError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {pageError}
        </p>
      )}

      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setDropActive(true);
          }
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDropFiles}
        className={`rounded-2xl border-2 border-dashed p-4 sm:p-6 ${dropActive ? 'border-primary bg-primary/5' : 'border-surface-300 dark:border-surface-700'}`}
      >
        <input type="hidden" name="_token" value={csrf} />
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-end">
          <div className="w-full flex-1">
            <label htmlFor={`${ids}-files`} className={labelClass}>
              <span className="inline-flex items-center gap-2">
                <Icon svg={iconUpload} className="size-4" /> Add images
              </span>
            </label>
            <input
              ref={fileInput}
              id={`${ids}-files`}
              name="images"
              type="file"
              multiple
              accept={PHOTO_ACCEPT}
              disabled={room <= 0}
              aria-describedby={`${ids}-rules`}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-surface-800"
              onChange={(e) => {
                // With JavaScript a chosen file starts at once; the button stays for the no-JS form.
                const files = [...(e.currentTarget.files ?? [])];
                if (files.length) void addFiles(files);
              }}
            />
            <p id={`${ids}-rules`} className={hintClass}>
              {photoRules()} Up to {max} images; {Math.max(0, max - images.length)} more can be added. Drop files here or choose them.
            </p>
          </div>
          <button type="submit" className={buttonClass('outline')} disabled={room <= 0}>
            Upload
          </button>
        </div>

        {uploads.length > 0 && (
          <ul className="mt-4 space-y-2" aria-label="Uploads">
            {uploads.map((u) => (
              <li key={u.key} className="rounded-lg border border-surface-200 p-3 text-sm dark:border-surface-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all font-medium">{u.file.name}</span>
                  <span className="text-surface-600 dark:text-surface-300">
                    {u.state === 'waiting' && 'Waiting…'}
                    {u.state === 'uploading' && `${u.progress ?? 0}%`}
                    {u.state === 'failed' && 'Failed'}
                    {u.state === 'refused' && 'Not uploaded'}
                  </span>
                </div>
                {(u.state === 'uploading' || u.state === 'waiting') && (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${u.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={u.progress ?? 0}
                    className="mt-2 h-2 w-full overflow-hidden rounded-full bg-surface-200 dark:bg-surface-800"
                  >
                    <div className="h-full bg-primary transition-[width]" style={{ width: `${u.progress ?? 0}%` }} />
                  </div>
                )}
                {u.error && <p className={errorTextClass}>{u.error}</p>}
                {(u.state === 'failed' || u.state === 'refused') && (
                  <div className="mt-2 flex gap-2">
                    {u.state === 'failed' && (
                      <Button size="sm" variant="outline" onClick={() => retry(u.key)}>
                        Retry {u.file.name}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" onClick={() => dismiss(u.key)}>
                      Dismiss
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </form>

      {images.length === 0 ? (
        <p className="text-sm text-surface-600 dark:text-surface-300">No images yet. The first image is the one lists and the storefront show.</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Images, in the order shoppers see them">
          {images.map((image, index) => {
            const attrs = productImageAttributes(image, '(min-width: 640px) 160px, 96px');
            const state = fieldState[image.id];
            const altId = `${ids}-alt-${image.id}`;
            const optionId = `${ids}-option-${image.id}`;
            return (
              <li
                key={image.id}
                draggable
                onDragStart={(e) => {
                  setDragging(index);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(image.id));
                }}
                onDragOver={(e) => dragging !== null && e.preventDefault()}
                onDrop={(e) => onDropOnImage(e, index)}
                onDragEnd={() => setDragging(null)}
                className={`rounded-2xl border bg-surface-0 p-3 dark:bg-surface-900 ${dragging === index ? 'border-primary opacity-60' : 'border-surface-200 dark:border-surface-800'}`}
                aria-label={`Image ${index + 1} of ${images.length}`}
              >
                <div className="flex gap-3">
                  <img
                    src={attrs.src}
                    srcSet={attrs.srcset}
                    sizes={attrs.sizes}
                    width={attrs.width}
                    height={attrs.height}
                    alt={attrs.alt}
                    loading={attrs.loading}
                    decoding={attrs.decoding}
                    className="size-24 shrink-0 cursor-grab rounded-lg bg-surface-100 object-contain sm:size-28 dark:bg-surface-800"
                  />
                  <div className="min-w-0 flex-1 space-y-1 text-sm">
                    <p className="font-medium">{index === 0 ? 'Main image' : `Image ${index + 1}`}</p>
                    <p className="text-surface-600 dark:text-surface-300">
                      {image.width} × {image.height}
                    </p>
                    <div className="flex flex-wrap gap-2 pt-1">
                      <button
                        type="button"
                        ref={(el) => void (el ? moveButtons.current.set(`${image.id}-up`, el) : moveButtons.current.delete(`${image.id}-up`))}
                        className={buttonClass('outline', 'sm')}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Move image ${index + 1} up`}
                      >
                        ↑ Up
                      </button>
                      <button
                        type="button"
                        ref={(el) => void (el ? moveButtons.current.set(`${image.id}-down`, el) : moveButtons.current.delete(`${image.id}-down`))}
                        className={buttonClass('outline', 'sm')}
                        disabled={index === images.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move image ${index + 1} down`}
                      >
                        ↓ Down
                      </button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 dark:text-red-400"
                        onClick={() => remove(image, index)}
                        aria-label={`Delete image ${index + 1}`}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                </div>
                <div className="mt-3">
                  <label htmlFor={altId} className={labelClass}>
                    Alt text
                  </label>
                  <input
                    id={altId}
                    className={`${inputClass} mt-1`}
                    maxLength={MAX_ALT_LENGTH}
                    value={altDrafts[image.id] ?? image.alt}
                    placeholder="What the photo shows, e.g. Front view, indigo kurta"
                    aria-invalid={state?.error ? true : undefined}
                    aria-describedby={state?.error ? `${altId}-error` : undefined}
                    onChange={(e) => {
                      const typed = e.currentTarget.value;
                      setAltDrafts((d) => ({ ...d, [image.id]: typed }));
                    }}
                    onBlur={() => {
                      const draft = altDrafts[image.id];
                      if (draft !== undefined && draft.trim() !== image.alt) void saveImage(image, { alt: draft });
                    }}
                  />
                </div>
                {optionValues.length > 0 && (
                  <div className="mt-3">
                    <label htmlFor={optionId} className={labelClass}>
                      Shown for
                    </label>
                    <select
                      id={optionId}
                      className={`${inputClass} mt-1`}
                      value={image.option_value_id ?? ''}
                      onChange={(e) => void saveImage(image, { option_value_id: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
                    >
                      <option value="">Every variant</option>
                      {optionValues.map((v) => (
                        <option key={v.id} value={v.id}>
                          {v.label}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <p className="mt-1 min-h-5 text-xs" aria-live="polite">
                  {state?.saving && <span className="text-surface-600 dark:text-surface-300">Saving…</span>}
                  {state?.saved && <span className="text-green-700 dark:text-green-400">Saved</span>}
                  {state?.error && (
                    <span id={`${altId}-error`} className="text-red-600 dark:text-red-400">
                      {state.error}
                    </span>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
