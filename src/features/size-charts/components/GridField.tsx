/**
 * The form kit's grid input (a size chart's table): rows and columns the person names, adds,
 * renames and removes, and a number in each cell. Every input is labelled ("M Chest", "Size 2
 * name"); Tab walks a row, the Up and Down arrows walk a column. The value travels as JSON text
 * and is checked by the area's schema (../grid.ts), whose errors land on the cell or name they
 * are about. The area's own input (`input: 'custom'`, options a GridSpec): the app's registry
 * loads it lazily, so only forms with a grid carry it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconPlus, iconTrash } from '@/components/data-table/icons.ts';
import { buttonClass, errorTextClass, hintClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from '@/components/form/custom-field.ts';
import { emptyGrid, type GridSpec } from '@/features/size-charts/grid-spec.ts';

type Cell = string | number | null;
interface Grid {
  rows: string[];
  columns: string[];
  values: Cell[][];
}

const cellInput =
  'w-full min-w-16 rounded-md border border-surface-300 bg-surface-0 px-2 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-red-500 dark:border-surface-700 dark:bg-surface-950';
const smallIconButton =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-surface-500 hover:bg-surface-100 hover:text-red-600 disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-surface-800';

function read(spec: GridSpec, value: string): Grid {
  const keys = spec.keys;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(value) as Record<string, unknown>;
  } catch {
    raw = emptyGrid(spec);
  }
  const rows = Array.isArray(raw[keys.rows]) ? (raw[keys.rows] as unknown[]).map(String) : [];
  const columns = Array.isArray(raw[keys.columns]) ? (raw[keys.columns] as unknown[]).map(String) : [];
  const cells = Array.isArray(raw[keys.values]) ? (raw[keys.values] as unknown[][]) : [];
  const values = rows.map((_, i) => columns.map((_, j) => (cells[i]?.[j] ?? null) as Cell));
  return { rows, columns, values };
}

export default function GridField({ field, id, value, onChange, errors, values: form, required, disabled }: CustomFieldProps) {
  const spec = field.custom!.options as GridSpec;
  const { rowNoun, columnNoun } = spec;
  const unit = spec.unitField ? form[spec.unitField] : undefined;
  const grid = read(spec, value);
  const table = useRef<HTMLTableElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  // Errors of cells edited since the last check are hidden: the person is fixing them.
  const [edited, setEdited] = useState<Set<string>>(new Set());
  useEffect(() => setEdited(new Set()), [errors]);

  useEffect(() => {
    if (!focusTarget) return;
    table.current?.querySelector<HTMLElement>(`[data-grid="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const key = (...parts: (string | number)[]) => [field.name, ...parts].join('.');
  const errorFor = (k: string) => (edited.has(k) || edited.has('*') ? undefined : errors[k]?.[0]);
  const rowsKey = spec.keys.rows;
  const columnsKey = spec.keys.columns;
  const valuesKey = spec.keys.values;

  const save = (next: Grid, editedKey: string) => {
    setEdited(new Set([...edited, editedKey]));
    onChange(JSON.stringify({ [rowsKey]: next.rows, [columnsKey]: next.columns, [valuesKey]: next.values }));
  };
  const setCell = (i: number, j: number, text: string) =>
    save({ ...grid, values: grid.values.map((row, r) => (r === i ? row.map((c, col) => (col === j ? text : c)) : row)) }, key(valuesKey, i, j));
  const renameRow = (i: number, name: string) => save({ ...grid, rows: grid.rows.map((r, k) => (k === i ? name : r)) }, key(rowsKey, i));
  const renameColumn = (j: number, name: string) => save({ ...grid, columns: grid.columns.map((c, k) => (k === j ? name : c)) }, key(columnsKey, j));
  // Adding or removing shifts positions: the errors shown no longer point at the right place.
  const addRow = () => {
    save({ ...grid, rows: [...grid.rows, ''], values: [...grid.values, grid.columns.map(() => null)] }, '*');
    setFocusTarget(`row-${grid.rows.length}`);
  };
  const addColumn = () => {
    save({ ...grid, columns: [...grid.columns, ''], values: grid.values.map((row) => [...row, null]) }, '*');
    setFocusTarget(`column-${grid.columns.length}`);
  };
  const removeRow = (i: number) => {
    save({ ...grid, rows: grid.rows.filter((_, k) => k !== i), values: grid.values.filter((_, k) => k !== i) }, '*');
    setFocusTarget(grid.rows.length > 1 ? `row-${Math.min(i, grid.rows.length - 2)}` : 'add-row');
  };
  const removeColumn = (j: number) => {
    save({ ...grid, columns: grid.columns.filter((_, k) => k !== j), values: grid.values.map((row) => row.filter((_, k) => k !== j)) }, '*');
    setFocusTarget(grid.columns.length > 1 ? `column-${Math.min(j, grid.columns.length - 2)}` : 'add-column');
  };

  /** Up and Down move along a column (Tab already moves along a row). */
  const onCellKey = (e: KeyboardEvent<HTMLInputElement>, i: number, j: number) => {
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : null;
    if (to === null) return;
    e.preventDefault();
    if (to < 0) setFocusTarget(`column-${j}`);
    else if (to < grid.rows.length) setFocusTarget(`cell-${to}-${j}`);
  };

  const rowLabel = (i: number) => grid.rows[i]?.trim() || `${capital(rowNoun)} ${i + 1}`;
  const columnLabel = (j: number) => grid.columns[j]?.trim() || `${columnNoun} ${j + 1}`;

  // The form focuses `id` after a failed save: it goes to the first input with an error.
  const order = [
    ...grid.columns.map((_, j) => key(columnsKey, j)),
    ...grid.rows.flatMap((_, i) => [key(rowsKey, i), ...grid.columns.map((_, j) => key(valuesKey, i, j))]),
  ];
  const firstInvalid = order.find((k) => errorFor(k)) ?? key(rowsKey, 0);
  const inputId = (k: string) => (k === firstInvalid ? id : undefined);
  const messageId = (k: string) => `${id}-${k.replace(/\./g, '-')}-error`;
  const described = (k: string) => (errorFor(k) ? messageId(k) : undefined);

  // Messages about the whole grid, or about a part that is not drawn (a shape sent by hand).
  const general = Object.entries(errors)
    .filter(([k]) => !order.includes(k))
    .map(([, m]) => m[0])
    .filter((m): m is string => Boolean(m) && !edited.has('*'));
  const listed = order.filter((k) => errorFor(k));
  const where = (k: string) => {
    const parts = k.split('.').slice(1);
    if (parts[0] === valuesKey) return `${rowLabel(Number(parts[1]))}, ${columnLabel(Number(parts[2]))}`;
    return parts[0] === rowsKey ? `${capital(rowNoun)} ${Number(parts[1]) + 1} name` : `${capital(columnNoun)} ${Number(parts[1]) + 1} name`;
  };

  return (
    <fieldset className="md:col-span-2 m-0 min-w-0 border-0 p-0" aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="text-sm font-medium text-surface-800 dark:text-surface-100">
        {field.label}
        {required && (
          <span className="text-red-600 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <p id={`${id}-hint`} className={hintClass}>
        {field.hint ?? `${capital(rowNoun)}s down, ${columnNoun}s across`}
        {unit ? `; values in ${unit}` : ''}. Up to {spec.maxRows} {rowNoun}s and {spec.maxColumns} {columnNoun}s; leave a cell blank when it doesn’t apply.
      </p>
      <div className="mt-2 overflow-x-auto rounded-xl border border-surface-200 dark:border-surface-700">
        <table ref={table} className="text-sm">
          <thead className="bg-surface-50 dark:bg-surface-800/50">
            <tr>
              <th scope="col" className="px-2 py-2 text-left text-xs font-semibold text-surface-600 uppercase dark:text-surface-300">
                {capital(rowNoun)}
              </th>
              {grid.columns.map((c, j) => (
                <th key={j} scope="col" className="px-1 py-2 align-top">
                  <div className="flex items-center gap-1">
                    <input
                      data-grid={`column-${j}`}
                      id={inputId(key(columnsKey, j))}
                      className={`${cellInput} min-w-24 font-medium`}
                      aria-label={`${capital(columnNoun)} ${j + 1} name`}
                      aria-invalid={errorFor(key(columnsKey, j)) ? true : undefined}
                      aria-describedby={described(key(columnsKey, j))}
                      placeholder={`${capital(columnNoun)} name`}
                      value={c}
                      maxLength={60}
                      onChange={(e) => renameColumn(j, e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'ArrowDown' && grid.rows.length) {
                          e.preventDefault();
                          setFocusTarget(`cell-0-${j}`);
                        }
                      }}
                    />
                    <button
                      type="button"
                      className={smallIconButton}
                      aria-label={`Remove ${columnNoun} ${columnLabel(j)}`}
                      disabled={grid.columns.length <= 1}
                      onClick={() => removeColumn(j)}
                    >
                      <Icon svg={iconTrash} className="size-3.5" />
                    </button>
                  </div>
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <button
                  type="button"
                  data-grid="add-column"
                  className={buttonClass('ghost', 'sm')}
                  disabled={grid.columns.length >= spec.maxColumns}
                  onClick={addColumn}
                >
                  <Icon svg={iconPlus} className="size-4" /> Add {columnNoun}
                </button>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-surface-200 dark:divide-surface-700">
            {grid.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row" className="px-1 py-1.5">
                  <div className="flex items-center gap-1">
                    <input
                      data-grid={`row-${i}`}
                      id={inputId(key(rowsKey, i))}
                      className={`${cellInput} w-24 font-medium`}
                      aria-label={`${capital(rowNoun)} ${i + 1} name`}
                      aria-invalid={errorFor(key(rowsKey, i)) ? true : undefined}
                      aria-describedby={described(key(rowsKey, i))}
                      placeholder={`${capital(rowNoun)} name`}
                      value={r}
                      maxLength={60}
                      onChange={(e) => renameRow(i, e.target.value)}
                    />
                    <button
                      type="button"
                      className={smallIconButton}
                      aria-label={`Remove ${rowNoun} ${rowLabel(i)}`}
                      disabled={grid.rows.length <= 1}
                      onClick={() => removeRow(i)}
                    >
                      <Icon svg={iconTrash} className="size-3.5" />
                    </button>
                  </div>
                </th>
                {grid.columns.map((_, j) => {
                  const k = key(valuesKey, i, j);
                  return (
                    <td key={j} className="px-1 py-1.5">
                      <input
                        data-grid={`cell-${i}-${j}`}
                        id={inputId(k)}
                        className={cellInput}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={`${rowLabel(i)} ${columnLabel(j)}${unit ? ` (${unit})` : ''}`}
                        aria-invalid={errorFor(k) ? true : undefined}
                        aria-describedby={described(k)}
                        value={grid.values[i]?.[j] == null ? '' : String(grid.values[i]![j])}
                        maxLength={12}
                        onChange={(e) => setCell(i, j, e.target.value)}
                        onKeyDown={(e) => onCellKey(e, i, j)}
                      />
                    </td>
                  );
                })}
                <td />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" data-grid="add-row" className={`${buttonClass('ghost', 'sm')} mt-2`} disabled={grid.rows.length >= spec.maxRows} onClick={addRow}>
        <Icon svg={iconPlus} className="size-4" /> Add {rowNoun}
      </button>
      {(general.length > 0 || listed.length > 0) && (
        <ul className="mt-2 space-y-0.5">
          {general.map((m) => (
            <li key={m} className={errorTextClass}>
              {m}
            </li>
          ))}
          {listed.map((k) => (
            <li key={k} id={messageId(k)} className={errorTextClass}>
              {where(k)}: {errorFor(k)}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
