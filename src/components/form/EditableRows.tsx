/**
 * The form kit's editable rows: a list of records with the same fields, edited in place — a
 * table on a wide screen, one card per row on a phone (below the `md` breakpoint the table's parts
 * become blocks and each cell shows its column's name). Every input is labelled with its row and
 * column ("M / Red, Price"), each error sits under its cell (`variants.2.price` → row 2, price),
 * and a row can be removed when the form allows it. The form that owns the rows keeps their
 * values; this draws them. First used by the variant grid (add step 4).
 */
import type { ReactNode } from 'react';
import { errorTextClass, hintClass } from '@/components/ui/styles.ts';

export interface EditableRowsColumn {
  /** The row value it edits. */
  key: string;
  label: string;
  /** The error path after the row's index, when it differs from `key` (`opening_stock.0.quantity`). */
  errorPath?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  /** Text before the value (₹). */
  prefix?: string;
  required?: boolean;
  /** A fixed width class for the table's column (w-28). */
  width?: string;
  placeholder?: string;
  /** Rows where this cell can't be changed (a saved variant's opening stock). */
  disabledFor?: (index: number) => boolean;
}

export interface EditableRowsProps {
  /** The field's name: the start of every error path (`variants`) and of every input's name. */
  name: string;
  /** The caption of the table (read out with it). */
  caption: string;
  /** The name of one row, as people know it ("M / Red"); it labels the row's inputs. */
  rowLabel: (index: number) => string;
  columns: readonly EditableRowsColumn[];
  rows: readonly Record<string, string>[];
  /** A stable key per row (rows come and go). */
  rowKey: (index: number) => string;
  onChange: (index: number, key: string, value: string) => void;
  /** Offers a remove button per row; the label names the row ("Remove M / Red"). */
  onRemove?: (index: number) => void;
  /** Read-only text under a row's label (its stock when saved). */
  rowNote?: (index: number) => ReactNode;
  errors: Record<string, string[]>;
  disabled?: boolean;
}

const cellInput =
  'block w-full min-w-0 rounded-md border border-surface-300 bg-surface-0 px-2 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-red-500 dark:border-surface-700 dark:bg-surface-950';
const removeButton =
  'inline-flex min-h-9 items-center justify-center rounded-md px-2 text-sm text-surface-600 underline-offset-2 hover:text-red-700 hover:underline disabled:opacity-40 dark:text-surface-300 dark:hover:text-red-400';

export function EditableRows({ name, caption, rowLabel, columns, rows, rowKey, onChange, onRemove, rowNote, errors, disabled }: EditableRowsProps) {
  const path = (i: number, c: EditableRowsColumn) => `${name}.${i}.${c.errorPath ?? c.key}`;
  const inputId = (i: number, c: EditableRowsColumn) => `${name}-${i}-${(c.errorPath ?? c.key).replace(/\./g, '-')}`;
  // Errors about a row as a whole (its options, an id the server doesn't know) go under its label.
  const rowErrors = (i: number) =>
    Object.entries(errors)
      .filter(([k, m]) => m.length && (k === `${name}.${i}` || (k.startsWith(`${name}.${i}.`) && !columns.some((c) => path(i, c) === k))))
      .map(([, m]) => m[0]!);
  return (
    <div className="overflow-x-auto md:rounded-xl md:border md:border-surface-200 md:dark:border-surface-700">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-50 max-md:sr-only dark:bg-surface-800/50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-surface-600 uppercase dark:text-surface-300">
              Variant
            </th>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`px-2 py-2 text-left text-xs font-semibold text-surface-600 uppercase dark:text-surface-300 ${c.width ?? ''}`}
              >
                {c.label}
                {c.required && (
                  <span className="text-red-600 dark:text-red-400" aria-hidden="true">
                    {' '}
                    *
                  </span>
                )}
              </th>
            ))}
            {onRemove && (
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {rows.map((row, i) => {
            const label = rowLabel(i);
            const problems = rowErrors(i);
            return (
              <tr
                key={rowKey(i)}
                className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-xl max-md:border max-md:border-surface-200 max-md:p-3 md:border-t md:border-surface-200 dark:border-surface-700"
              >
                <th scope="row" className="px-3 py-2 text-left font-medium max-md:col-span-2 max-md:p-0">
                  {label}
                  {rowNote && <span className={`block font-normal ${hintClass}`}>{rowNote(i)}</span>}
                  {problems.map((m) => (
                    <span key={m} className={`block font-normal ${errorTextClass}`}>
                      {m}
                    </span>
                  ))}
                </th>
                {columns.map((c) => {
                  const error = errors[path(i, c)]?.[0];
                  const id = inputId(i, c);
                  return (
                    <td key={c.key} className="px-2 py-2 max-md:p-0">
                      <label htmlFor={id} className="mb-1 block text-xs font-medium text-surface-600 md:sr-only dark:text-surface-300">
                        <span className="sr-only">{label}, </span>
                        {c.label}
                      </label>
                      <div className="flex items-center gap-1">
                        {c.prefix && (
                          <span className="text-surface-500" aria-hidden="true">
                            {c.prefix}
                          </span>
                        )}
                        <input
                          id={id}
                          name={path(i, c)}
                          className={cellInput}
                          value={row[c.key] ?? ''}
                          inputMode={c.inputMode}
                          placeholder={c.placeholder}
                          required={c.required}
                          disabled={disabled || c.disabledFor?.(i)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          onChange={(e) => onChange(i, c.key, e.target.value)}
                        />
                      </div>
                      {error && (
                        <p id={`${id}-error`} className={errorTextClass}>
                          {error}
                        </p>
                      )}
                    </td>
                  );
                })}
                {onRemove && (
                  <td className="px-2 py-2 max-md:col-span-2 max-md:p-0 max-md:text-right">
                    <button type="button" className={removeButton} onClick={() => onRemove(i)} disabled={disabled}>
                      Remove<span className="sr-only"> {label}</span>
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
