/**
 * The island half of the one form mechanism (docs/decisions/023-one-form-mechanism.md), shared by
 * every island form (the area forms, the profile and its password): check the input with the
 * form's one zod schema before sending (loaded on first use: zod is most of a form's JavaScript),
 * send through the one HTTP client with upload progress, keep each field's errors from the one
 * error shape beside the field with the line above the form (formSummary, as the no-JS pages say
 * it), and move the focus to the first invalid control.
 */
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, request, type RequestOptions } from '@/lib/http/client.ts';
import { formSummary } from '@/lib/http/errors.ts';
import { zodErrors } from '@/lib/http/validation.ts';
import type { FieldErrors } from './form-state.ts';

export type SendResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** A form's zod schema, imported when first needed. */
export type SchemaLoader = () => Promise<z.ZodType>;

/**
 * Memoises a schema import; a failed download is tried again next time. `check` uses it on submit,
 * and a form calls it on focus so the schema is there by then.
 */
export function lazySchema(load: SchemaLoader): SchemaLoader {
  let pending: Promise<z.ZodType> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}

/** The schema's verdict on an input, in the one error shape's `errors` (empty when it passes). */
export function schemaErrors(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  return result.success ? {} : zodErrors(result.error);
}

export interface FormSubmission {
  formRef: React.RefObject<HTMLFormElement | null>;
  errors: FieldErrors;
  /** The line above the form, or null. */
  message: string | null;
  /** 0–100 while an upload is sent, null otherwise. */
  progress: number | null;
  submitting: boolean;
  /** Shows errors (beside their fields, the summary above) and focuses the first invalid control. */
  showErrors(errors: FieldErrors, message?: string): void;
  /** Forgets these fields' errors (the person is fixing them). */
  clearError(...names: string[]): void;
  /** Shows one field's errors beside it, leaving the focus and the line above the form as they are (a file refused as it is chosen). */
  setFieldError(name: string, messages: string[]): void;
  /** Forgets every error and the message. */
  reset(): void;
  /** The schema's errors for this input, shown; null when the input passes, or the schema could not load. */
  check(schema: SchemaLoader, input: unknown): Promise<FieldErrors | null>;
  /** Sends the form (multipart, or a JSON object: a permission matrix's difference); a refusal comes back in the one error shape for the form to show (showRefusal) or handle (a 409). */
  send<T>(url: string, init: { method?: RequestOptions['method']; body: FormData | Record<string, unknown>; upload?: boolean }): Promise<SendResult<T>>;
  /** Shows a refusal: its field errors beside the fields, and the summary above the form. */
  showRefusal(error: ApiError): void;
}

/**
 * `initial` is what the page found when the form was posted before hydration or without
 * JavaScript (handlePageForm): shown at once, with the focus on the first invalid field.
 */
export function useFormSubmission(initial: { errors?: FieldErrors; message?: string | null } = {}): FormSubmission {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(initial.errors ?? {});
  const [message, setMessage] = useState<string | null>(initial.message ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [focusTick, setFocusTick] = useState(initial.errors && Object.keys(initial.errors).length ? 1 : 0);

  useEffect(() => {
    if (focusTick === 0) return;
    // DOM order is the visual order, so the first invalid control is the one to fix first.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const showErrors = (next: FieldErrors, summary?: string) => {
    setErrors(next);
    setMessage(summary ?? formSummary({ message: '', errors: next }));
    setFocusTick((n) => n + 1);
  };

  const check = async (schema: SchemaLoader, input: unknown) => {
    let found: FieldErrors;
    try {
      found = schemaErrors(await schema(), input);
    } catch {
      showErrors({}, 'The form could not load its checks. Check the connection and try again.');
      return { _: ['The form could not load its checks.'] };
    }
    if (!Object.keys(found).length) return null;
    showErrors(found);
    return found;
  };

  async function send<T>(
    url: string,
    init: { method?: RequestOptions['method']; body: FormData | Record<string, unknown>; upload?: boolean },
  ): Promise<SendResult<T>> {
    setSubmitting(true);
    setMessage(null);
    if (init.upload) setProgress(0);
    try {
      const data = await request<T>(url, { method: init.method ?? 'POST', body: init.body, onUploadProgress: init.upload ? setProgress : undefined });
      setErrors({});
      return { ok: true, data };
    } catch (e) {
      return { ok: false, error: e instanceof ApiError ? e : new ApiError(0, { message: 'Something went wrong. Try again.' }) };
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  return {
    formRef,
    errors,
    message,
    progress,
    submitting,
    showErrors,
    clearError: (...names) => {
      if (names.some((name) => errors[name]?.length)) setErrors((all) => ({ ...all, ...Object.fromEntries(names.map((name) => [name, []])) }));
    },
    setFieldError: (name, messages) => setErrors((all) => ({ ...all, [name]: messages })),
    reset: () => {
      setErrors({});
      setMessage(null);
    },
    check,
    send,
    // The form's own controls are the fields whose errors are drawn beside them.
    showRefusal: (error) =>
      showErrors(error.fieldErrors, formSummary(error.body, new Set(Array.from(formRef.current?.elements ?? [], (e) => (e as HTMLInputElement).name)))),
  };
}
