/**
 * The submit cycle of the profile islands: send a FormData through the shared HTTP client with
 * upload progress (spec §7), keep each field's errors from a 422, and move the focus to the
 * first invalid field once they are shown.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError, request } from '../../../lib/http/client.ts';

export interface ApiFormState {
  formRef: RefObject<HTMLFormElement | null>;
  errors: Record<string, string[]>;
  setErrors: (errors: Record<string, string[]>) => void;
  /** The message of the last failure (shown above the form). */
  failure: string | null;
  /** 0–100 while sending, null otherwise. */
  progress: number | null;
  submitting: boolean;
  send<T>(path: string, body: FormData): Promise<T | null>;
}

/**
 * `initial` carries what the server found when the form was posted without JavaScript
 * (the page re-rendered it with errors); the focus then goes to the first invalid field on load.
 */
export function useApiForm(initial: { errors?: Record<string, string[]>; failure?: string | null } = {}): ApiFormState {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>(initial.errors ?? {});
  const [failure, setFailure] = useState<string | null>(initial.failure ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [focusTick, setFocusTick] = useState(initial.errors && Object.keys(initial.errors).length ? 1 : 0);

  useEffect(() => {
    if (focusTick === 0) return;
    // DOM order is the visual order, so the first invalid control is the one to fix first.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  async function send<T>(path: string, body: FormData): Promise<T | null> {
    setFailure(null);
    setErrors({});
    setProgress(0);
    try {
      return await request<T>(path, { method: 'POST', body, onUploadProgress: setProgress });
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, { message: 'Something went wrong. Try again.' });
      setErrors(error.fieldErrors);
      // Field errors are shown beside their fields; the summary only points at them.
      setFailure(Object.keys(error.fieldErrors).length ? 'Check the highlighted fields.' : error.message);
      setFocusTick((n) => n + 1);
      return null;
    } finally {
      setProgress(null);
    }
  }

  return { formRef, errors, setErrors, failure, progress, submitting: progress !== null, send };
}
