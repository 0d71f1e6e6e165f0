/**
 * Form fields with their label tied to the control, an optional hint, and the error text
 * announced with the control (aria-invalid + aria-describedby). `error` takes the first
 * message of ApiError.fieldErrors[name] or of a zod issue list.
 *
 * The same components draw every form (decision 023): inside an island, and on the pages that
 * must work without JavaScript, where Astro renders them to plain HTML and sends no script.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { errorTextClass, hintClass, inputClass, labelClass } from './styles.ts';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | string[];
  /** Extra classes of the control itself (e.g. taller controls for thumbs on onboarding). */
  controlClassName?: string;
}

function useFieldIds(id: string | undefined, hint: unknown, error: string | undefined) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy };
}

const firstError = (error: FieldChrome['error']) => (Array.isArray(error) ? error[0] : error);

function Chrome({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorTextClass}>
          {error}
        </p>
      )}
    </>
  );
}

/** The label tied to its control, with a visual mark (not read out: the control says `required`) when required. */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}
      {required && (
        <span className="text-red-600 dark:text-red-400" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

export type TextFieldProps = FieldChrome &
  InputHTMLAttributes<HTMLInputElement> & {
    /** A fixed text before the input, e.g. the +91 of a phone number. */
    prefix?: string;
  };

export function TextField({ label, hint, error: errors, id, className = '', controlClassName = '', required, prefix, ...input }: TextFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const control = (extra: string) => (
    <input
      id={fieldId}
      className={`${inputClass} ${extra} ${controlClassName}`}
      required={required}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={className}>
      <FieldLabel htmlFor={fieldId} label={label} required={required} />
      {prefix ? (
        <div className="mt-1 flex">
          <span
            className="inline-flex items-center rounded-l-lg border border-r-0 border-surface-300 bg-surface-100 px-3 text-sm text-surface-600 dark:border-surface-700 dark:bg-surface-800 dark:text-surface-300"
            aria-hidden="true"
          >
            {prefix}
          </span>
          {control('min-w-0 rounded-l-none')}
        </div>
      ) : (
        control('mt-1')
      )}
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type TextareaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextareaField({ label, hint, error: errors, id, className = '', controlClassName = '', required, rows = 4, ...input }: TextareaFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={fieldId} label={label} required={required} />
      <textarea
        id={fieldId}
        rows={rows}
        className={`${inputClass} mt-1 ${controlClassName}`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    /**
     * Choices in labelled groups (`<optgroup>`), after `options`: e.g. every city under its state,
     * so a page without JavaScript offers a dependent choice in one control.
     */
    groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: string; label: string }> }>;
    /** A first, empty choice (e.g. "Choose a state"). */
    placeholder?: string;
  };

export function SelectField({
  label,
  hint,
  error: errors,
  id,
  className = '',
  controlClassName = '',
  options,
  groups = [],
  placeholder,
  required,
  ...select
}: SelectFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={fieldId} label={label} required={required} />
      <select
        id={fieldId}
        className={`${inputClass} mt-1 ${controlClassName}`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type CheckboxFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function CheckboxField({ label, hint, error: errors, id, className = '', controlClassName: _unused, ...input }: CheckboxFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={fieldId}
          type="checkbox"
          className="size-4 rounded border-surface-300 accent-[var(--primary-color)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm text-surface-800 dark:text-surface-100">
          {label}
        </label>
      </div>
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The line above a form: why it was not sent (`role="alert"`), or that it was (`role="status"`). */
export function FormAlert({
  message,
  children,
  tone = 'error',
  className = '',
}: {
  message?: ReactNode;
  children?: ReactNode;
  tone?: 'error' | 'success';
  className?: string;
}) {
  const content = message || children;
  if (!content) return null;
  const colours =
    tone === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ${colours} ${className}`}>
      {content}
    </div>
  );
}
