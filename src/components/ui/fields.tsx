/**
 * Form fields with their label tied to the control, an optional hint, and the error text
 * announced with the control (aria-invalid + aria-describedby). `error` takes the first
 * message of ApiError.fieldErrors[name] or of a zod issue list.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { errorTextClass, hintClass, inputClass, labelClass } from './styles.ts';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | string[];
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

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, hint, error: errors, id, className = '', required, ...input }: TextFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        {required && <span className="text-red-600 dark:text-red-400" aria-hidden="true"> *</span>}
      </label>
      <input id={fieldId} className={`${inputClass} mt-1`} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type TextareaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextareaField({ label, hint, error: errors, id, className = '', required, rows = 4, ...input }: TextareaFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        {required && <span className="text-red-600 dark:text-red-400" aria-hidden="true"> *</span>}
      </label>
      <textarea id={fieldId} rows={rows} className={`${inputClass} mt-1`} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    /** A first, empty choice (e.g. "Choose a state"). */
    placeholder?: string;
  };

export function SelectField({ label, hint, error: errors, id, className = '', options, placeholder, required, ...select }: SelectFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        {required && <span className="text-red-600 dark:text-red-400" aria-hidden="true"> *</span>}
      </label>
      <select id={fieldId} className={`${inputClass} mt-1`} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type CheckboxFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function CheckboxField({ label, hint, error: errors, id, className = '', ...input }: CheckboxFieldProps) {
  const error = firstError(errors);
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input id={fieldId} type="checkbox" className="size-4 rounded border-surface-300 accent-[var(--primary-color)]" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        <label htmlFor={fieldId} className="text-sm text-surface-800 dark:text-surface-100">
          {label}
        </label>
      </div>
      <Chrome hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
